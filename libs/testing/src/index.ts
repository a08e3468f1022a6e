/** Test helpers: private redis-servers, free ports, processes, chromium and a fake OpenAI server. */
export { deletePrefix, testPrefix, testRedis, testRedisUrl } from './test-redis';
export { startOwnRedis, type OwnRedis } from './redis-server';
export { startOpenAITestServer, type ChatReply, type OpenAITestServer } from './openai-test-server';
export { freePort } from './free-port';
export { launchChromium } from './chromium';
export { getRaw } from './get-raw';
export { startLoggedProcess, type LoggedProcess } from './logged-process';
export {
  cli,
  startOwnCluster,
  startOwnSentinel,
  waitFor,
  type OwnSentinel,
  type RedisProcess,
} from './redis-topology';
