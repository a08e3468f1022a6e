import type { Config } from '@docqa/config';
import type { ParseLimits } from '@docqa/sources';

/** The parse limits the settings give. */
export function parseLimitsOf(config: Config): ParseLimits {
  return {
    inflatedBytes: config.parseMaxInflatedMb * 1024 * 1024,
    pages: config.parseMaxPages,
    textChars: config.parseMaxTextChars,
    htmlDepth: config.parseMaxHtmlDepth,
    timeoutMs: config.parseTimeoutSeconds * 1000,
    heapMb: config.parseMaxHeapMb,
  };
}
