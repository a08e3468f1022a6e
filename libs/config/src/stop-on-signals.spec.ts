import type { Logger } from 'pino';
import { stopOnSignals } from './stop-on-signals';

describe('stopOnSignals', () => {
  const handlers = new Map<string, () => void>();
  let exit: jest.SpyInstance;
  let logged: { level: string; fields: object; message: string }[];
  const logger = {
    info: (fields: object, message: string) => logged.push({ level: 'info', fields, message }),
    error: (fields: object, message: string) => logged.push({ level: 'error', fields, message }),
  } as unknown as Logger;

  beforeEach(() => {
    handlers.clear();
    logged = [];
    jest.spyOn(process, 'on').mockImplementation(((event: string, handler: () => void) => {
      handlers.set(event, handler);
      return process;
    }) as typeof process.on);
    exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as typeof process.exit);
  });
  afterEach(() => jest.restoreAllMocks());

  /** Sends `signal` and waits until the stop has exited. */
  async function signal(name: 'SIGTERM' | 'SIGINT'): Promise<void> {
    handlers.get(name)!();
    for (let turn = 0; !exit.mock.calls.length && turn < 100; turn++) await Promise.resolve();
  }

  it('closes once, whatever signals follow, and exits with 0', async () => {
    const close = jest.fn(async () => undefined);
    stopOnSignals(logger, 'stopping', close);
    await signal('SIGTERM');
    handlers.get('SIGINT')!();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit.mock.calls).toEqual([[0]]);
    expect(logged).toEqual([{ level: 'info', fields: { signal: 'SIGTERM' }, message: 'stopping' }]);
  });

  it('logs why closing failed and exits with 1', async () => {
    const failure = new Error('table busy');
    stopOnSignals(logger, 'stopping', async () => {
      throw failure;
    });
    await signal('SIGINT');
    expect(exit.mock.calls).toEqual([[1]]);
    expect(logged[1]).toEqual({ level: 'error', fields: { err: failure }, message: 'stopping failed' });
  });
});
