import { NATIVE_MEMORY_ENV, withNativeMemoryEnv } from './native-memory-env';

describe('withNativeMemoryEnv', () => {
  it('adds two malloc arenas to the environment a process is started with', () => {
    expect(withNativeMemoryEnv({ PORT: '3000' })).toEqual({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
    expect(NATIVE_MEMORY_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it("keeps the operator's own setting", () => {
    expect(withNativeMemoryEnv({ MALLOC_ARENA_MAX: '8' })).toEqual({ MALLOC_ARENA_MAX: '8' });
  });
});
