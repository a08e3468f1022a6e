import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PagedLoadController, type ListPage } from './paged-load-controller';

/** A host that updates when the test says so, as Lit does: every controller's hostUpdate, in order. */
class TestHost implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updateComplete = Promise.resolve(true);
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(): void {}
  requestUpdate(): void {}
  update(): void {
    for (const c of this.controllers) c.hostUpdate?.();
  }
}

/** A page request the test answers when it chooses, so the order of answers is the test's. */
interface Asked {
  query: string;
  cursor?: string;
  answer(page: ListPage<string>): Promise<void>;
}

function pagedList() {
  const host = new TestHost();
  const asked: Asked[] = [];
  let query = 'a';
  const list = new PagedLoadController<string, readonly [string]>(
    host,
    ([q], cursor) =>
      new Promise((resolve) =>
        asked.push({
          query: q,
          cursor,
          answer: async (page) => {
            resolve(page);
            // Let the controller take the page before the test looks.
            await new Promise((r) => setImmediate(r));
          },
        }),
      ),
    () => [query] as const,
  );
  return { host, asked, list, search: (q: string) => (query = q) };
}

describe('a cursor-paged list of the portal', () => {
  it('appends the next page, then drops it and its cursor when the search changes', async () => {
    const { host, asked, list, search } = pagedList();
    host.update();
    await asked[0]!.answer({ items: ['a1', 'a2'], next_cursor: 'a-2' });
    expect(list.next).toBe('a-2');
    const more = list.loadMore();
    expect(asked[1]).toMatchObject({ query: 'a', cursor: 'a-2' });
    await asked[1]!.answer({ items: ['a3'], next_cursor: null });
    await more;
    expect(list.items).toEqual(['a1', 'a2', 'a3']);
    expect(list.next).toBeNull();

    search('b');
    host.update();
    // The new search is loading: the page appended for the old one is gone at once.
    expect(list.status).toBe('pending');
    expect(list.items).toEqual(['a1', 'a2']);
    await asked[2]!.answer({ items: [], next_cursor: 'b-0' });
    expect(list.items).toEqual([]);
    // The new search's own cursor, not the old list's end.
    expect(list.next).toBe('b-0');
  });

  it('drops a page of Load more that arrives after the search changed', async () => {
    const { host, asked, list, search } = pagedList();
    host.update();
    await asked[0]!.answer({ items: ['a1'], next_cursor: 'a-1' });
    const more = list.loadMore();
    expect(list.loadingMore).toBe(true);
    search('b');
    host.update();
    await asked[2]!.answer({ items: ['b1'], next_cursor: null });
    await asked[1]!.answer({ items: ['a2'], next_cursor: 'a-2' });
    await more;
    expect(list.items).toEqual(['b1']);
    expect(list.next).toBeNull();
    expect(list.loadingMore).toBe(false);
  });

  it('asks for one next page at a time and keeps the list when a page fails', async () => {
    const host = new TestHost();
    const cursors: (string | undefined)[] = [];
    let fail = false;
    const list = new PagedLoadController<string, readonly []>(
      host,
      async (_args, cursor) => {
        cursors.push(cursor);
        if (fail) throw new Error('no network');
        return { items: [cursor ?? 'first'], next_cursor: 'c' };
      },
      () => [] as const,
    );
    host.update();
    await new Promise((r) => setImmediate(r));
    await Promise.all([list.loadMore(), list.loadMore()]);
    expect(cursors).toEqual([undefined, 'c']);
    fail = true;
    await list.loadMore();
    expect(list.moreError?.message).toBe('no network');
    expect(list.items).toEqual(['first', 'c']);
  });
});
