import { closeInOrder } from './close-in-order';

describe('closeInOrder', () => {
  it('runs every step in order, past a step that fails or has nothing to close', async () => {
    const ran: string[] = [];
    await closeInOrder(
      async () => void ran.push('server'),
      async () => {
        ran.push('queue');
        throw new Error('Redis is gone');
      },
      () => undefined,
      async () => void ran.push('redis'),
    );
    expect(ran).toEqual(['server', 'queue', 'redis']);
  });

  it('waits for each step before the next', async () => {
    const ran: string[] = [];
    await closeInOrder(
      () => new Promise<void>((resolve) => setTimeout(() => resolve(void ran.push('slow')), 20)),
      async () => void ran.push('after'),
    );
    expect(ran).toEqual(['slow', 'after']);
  });
});
