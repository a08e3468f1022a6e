import { newId } from './ids';

describe('newId', () => {
  it('makes ids of the kind, 16 URL-safe characters each, none repeated across refills of its random pool', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => newId(i % 2 ? 'q' : 'c'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries())
      expect(id).toMatch(new RegExp(`^${i % 2 ? 'q' : 'c'}_[A-Za-z0-9_-]{16}$`));
  });
});
