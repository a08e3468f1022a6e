import { describeRedisTarget, redisTarget } from './redis';

describe('redisTarget', () => {
  const base = { redisUrl: 'redis://:secret@10.0.0.1:6379', redisSentinelName: 'docqa' };
  const nodes = [
    { host: 'a', port: 1 },
    { host: 'b', port: 2 },
  ];

  it('is the cluster when nodes are given, else the sentinels, else the URL', () => {
    expect(redisTarget({ ...base, redisClusterNodes: nodes, redisPassword: 'p' })).toEqual({
      kind: 'cluster',
      nodes,
      password: 'p',
    });
    expect(redisTarget({ ...base, redisSentinels: nodes, redisSentinelPassword: 's' })).toEqual({
      kind: 'sentinel',
      sentinels: nodes,
      name: 'docqa',
      password: undefined,
      sentinelPassword: 's',
    });
    expect(redisTarget(base)).toEqual({ kind: 'single', url: base.redisUrl });
  });

  it('describes a target for logs without its password', () => {
    expect(describeRedisTarget(redisTarget(base))).toBe('redis://10.0.0.1:6379');
    expect(describeRedisTarget(redisTarget({ ...base, redisSentinels: nodes }))).toBe(
      'sentinel docqa@a:1,b:2',
    );
    expect(describeRedisTarget(redisTarget({ ...base, redisClusterNodes: nodes }))).toBe('cluster a:1,b:2');
  });
});
