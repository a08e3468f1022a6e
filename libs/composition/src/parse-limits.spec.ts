import { loadConfig } from '@docqa/config';
import { DEFAULT_PARSE_LIMITS } from '@docqa/sources';
import { parseLimitsOf } from './parse-limits';

describe('parseLimitsOf', () => {
  it("gives the sources lib's default limits for the settings' defaults", () => {
    expect(parseLimitsOf(loadConfig({}))).toEqual(DEFAULT_PARSE_LIMITS);
  });

  it('turns megabytes into bytes and seconds into milliseconds', () => {
    const limits = parseLimitsOf(loadConfig({ PARSE_MAX_INFLATED_MB: '2', PARSE_TIMEOUT_SECONDS: '3' }));
    expect(limits).toMatchObject({ inflatedBytes: 2 * 1024 * 1024, timeoutMs: 3000 });
  });
});
