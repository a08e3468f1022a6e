import { cliConfig } from './cli-config';

describe('cliConfig', () => {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
  });

  it('reads the settings once per run: a later change of the environment is not read again', () => {
    process.env.REDIS_PREFIX = 'first-read';
    const first = cliConfig();
    process.env.REDIS_PREFIX = 'second-read';
    expect(cliConfig()).toBe(first);
    expect(cliConfig().redisPrefix).toBe('first-read');
  });
});
