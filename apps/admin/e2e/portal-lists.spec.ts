import type { Page, Route } from 'playwright-core';
import type { ConversationSummary } from '@docqa/contracts';
import { focusedHeading, navigate, openPortal, signIn, startPortal, type Portal } from './portal-testing';

// Builds, a real stack and Chromium on a loaded machine: bounds, not expectations of speed.
jest.setTimeout(180_000);

/** 60 documents: more than the 50 of a page, every title holding "guide", ten holding "widget" too. */
const DOCUMENTS = Array.from({ length: 60 }, (_, i) => {
  const n = String(i).padStart(2, '0');
  const title = i % 6 === 0 ? `Widget guide ${n}` : `Setup guide ${n}`;
  return { id: `guide-${n}.md`, title, content: `# ${title}\n\nPage ${n} of the Acme guide.\n` };
});

/** 25 chats (the server pages them 20 at a time): the last five asked through MCP. */
const CHATS: ConversationSummary[] = Array.from({ length: 25 }, (_, i) => ({
  chat_id: `c_${String(i).padStart(2, '0')}`,
  first_question: `${i < 20 ? 'How do I install' : 'Where is the changelog of'} Acme, take ${i}?`,
  questions: 1,
  last_at: new Date(Date.UTC(2026, 10, 24, 12, 0, 60 - i)).toISOString(),
  feedback: { up: 0, down: 0 },
  not_covered: 0,
  channel: i < 20 ? 'widget' : 'mcp',
  version: null,
}));

/**
 * Answers `GET /admin/conversations/` from {@link CHATS} as the server pages them (20 a page, the
 * cursor an offset), searched by `q` and filtered by `channel`: the portal's paging alone is tested.
 */
function serveChats(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  const q = url.searchParams.get('q')?.toLowerCase();
  const channel = url.searchParams.get('channel');
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const matching = CHATS.filter(
    (c) => (!q || c.first_question.toLowerCase().includes(q)) && (!channel || c.channel === channel),
  );
  const items = matching.slice(from, from + 20);
  const next_cursor = from + 20 < matching.length ? String(from + 20) : null;
  return route.fulfill({ json: { items, next_cursor } });
}

describe('the portal in Chromium: lists paged with Load more, then searched or filtered', () => {
  let portal: Portal;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    portal = await startPortal();
    await portal.addDocuments(DOCUMENTS);
    ({ page, problems } = await openPortal(portal, 'knowledge'));
    await signIn(page);
    await focusedHeading(page, 'Knowledge base');
  });
  afterAll(async () => {
    await page?.close();
    await portal?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  const rows = () => page.getByRole('table').getByRole('row');
  const loadMore = () => page.getByRole('button', { name: 'Load more' });

  it('lists only the documents of a search typed after Load more, with the search’s own Load more', async () => {
    await page.getByRole('status').filter({ hasText: '50 document(s) shown; more to load.' }).waitFor();
    await loadMore().click();
    await page.getByRole('status').filter({ hasText: '60 document(s) shown.' }).waitFor();
    await expect(loadMore().count()).resolves.toBe(0);

    const search = page.getByRole('searchbox', { name: /^Search documents/ });
    await search.fill('nothing like this');
    await search.press('Enter');
    await page.getByText('No document matches “nothing like this”.').waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);

    await search.fill('widget');
    await search.press('Enter');
    await page.getByRole('status').filter({ hasText: '10 document(s) match “widget”.' }).waitFor();
    await expect(rows().count()).resolves.toBe(11);

    // A search with more than a page of results offers the next page, whatever the last list's cursor was.
    await search.fill('guide');
    await search.press('Enter');
    await page.getByRole('status').filter({ hasText: '50 document(s) match “guide” so far.' }).waitFor();
    await loadMore().click();
    await page.getByRole('status').filter({ hasText: '60 document(s) match “guide”.' }).waitFor();
    await expect(rows().count()).resolves.toBe(61);
  });

  it('lists only the conversations of a filter or search chosen after Load more', async () => {
    await page.route('**/api/v2/admin/conversations/?*', serveChats);
    await navigate(page, 'Conversations');
    await focusedHeading(page, 'Conversations');
    await page.getByRole('status').filter({ hasText: '20 conversation(s) so far.' }).waitFor();
    await loadMore().click();
    await page.getByRole('status').filter({ hasText: '25 conversation(s).' }).waitFor();

    await page.getByRole('combobox', { name: 'Channel' }).selectOption('api');
    await page.getByText('No conversation matches these filters.').waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);

    await page.getByRole('combobox', { name: 'Channel' }).selectOption('mcp');
    await page.getByRole('status').filter({ hasText: '5 conversation(s).' }).waitFor();
    await expect(rows().count()).resolves.toBe(6);

    // A chat opened from the filtered list links back to the list as it was filtered.
    await page.getByRole('link', { name: 'Where is the changelog of Acme, take 20?' }).click();
    await focusedHeading(page, 'Conversation');
    await page.getByRole('link', { name: '← Conversations' }).click();
    await focusedHeading(page, 'Conversations');
    await page.getByRole('status').filter({ hasText: '5 conversation(s).' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Channel' }).inputValue()).resolves.toBe('mcp');

    await page.getByRole('combobox', { name: 'Channel' }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill('acme');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: '20 conversation(s) so far.' }).waitFor();
    await loadMore().click();
    await page.getByRole('status').filter({ hasText: '25 conversation(s).' }).waitFor();
    await page.unroute('**/api/v2/admin/conversations/?*', serveChats);
  });

  it('reads a period the address does not offer (edited by hand) as the last 30 days', async () => {
    await page.route('**/api/v2/admin/conversations/?*', serveChats);
    await page.goto(`${portal.stack.baseUrl}/admin/conversations?days=abc`);
    await focusedHeading(page, 'Conversations');
    await page.getByRole('status').filter({ hasText: '20 conversation(s) so far.' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Period' }).inputValue()).resolves.toBe('30');
    await page.unroute('**/api/v2/admin/conversations/?*', serveChats);
  });
});
