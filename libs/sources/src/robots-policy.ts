import robotsParser from 'robots-parser';
import { DOCQA_USER_AGENT, decodeText, fetchResource, type FetchOptions } from './http-fetch';
import { reasonOf } from './load-result';

/** What a host's robots.txt allows docqa to fetch. */
export interface RobotsPolicy {
  /** Why `url` may not be fetched, or undefined when it may. */
  refusal(url: string): string | undefined;
}

/**
 * Reads `origin`'s robots.txt (RFC 9309) and applies the group for docqa's user agent (the
 * product token of `userAgent`, e.g. `docqa`), else the `*` group. A missing robots.txt (4xx)
 * allows everything; an unreachable one (5xx, network error) disallows everything, as the RFC
 * asks.
 */
export async function fetchRobotsPolicy(origin: string, options: FetchOptions = {}): Promise<RobotsPolicy> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  const userAgent = options.userAgent ?? DOCQA_USER_AGENT;
  let unavailable: string;
  try {
    const res = await fetchResource(robotsUrl, options);
    if (res.status >= 200 && res.status < 300) {
      const robots = robotsParser(robotsUrl, decodeText(res));
      return {
        refusal: (url) =>
          robots.isAllowed(url, userAgent) === false ? 'disallowed by robots.txt' : undefined,
      };
    }
    if (res.status >= 400 && res.status < 500) return { refusal: () => undefined };
    unavailable = `HTTP ${res.status}`;
  } catch (err) {
    unavailable = reasonOf(err);
  }
  return { refusal: () => `robots.txt unavailable (${unavailable})` };
}
