import type { Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { noKnowledgeBase, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, launchChromium, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { docsSite, startWidgetStack } from './widget-testing';

describe('the widget’s languages (Chromium, a docs site of another origin)', () => {
  let stack: Stack;
  let redis: Redis;
  let browser: Browser;
  let site: { server: Server; origin: string };
  let page$: { lang: string; config: Record<string, unknown> } = { lang: 'en', config: {} };
  let context: BrowserContext | undefined;
  const prefix = testPrefix('languages');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startWidgetStack({ prefix, services: noKnowledgeBase(), noWorker: true });
    site = await docsSite(
      () => `<!doctype html><html lang="${page$.lang}"><body><div id="assistant"></div>
      <script>window.ASSISTANT_WIDGET = ${JSON.stringify(page$.config)};</script>
      <script type="module" src="${stack.baseUrl}/widget/assistant-widget.js"></script></body></html>`,
    );
    browser = await launchChromium();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    site?.server.close();
    await stack?.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  async function open(
    lang: string,
    settings: Record<string, unknown>,
    browserLocale = 'en-US',
  ): Promise<Page> {
    const token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [site.origin],
    });
    page$ = { lang, config: { api_url: stack.apiUrl, api_token: token, ...settings } };
    context = await browser.newContext({ locale: browserLocale });
    const page = await context.newPage();
    await page.goto(site.origin);
    return page;
  }

  it('speaks the language of the locale option over the page’s', async () => {
    const page = await open('fr', { mode: 'search', locale: 'de' });
    await page.getByRole('button', { name: /Dokumentation durchsuchen/ }).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Dokumentation durchsuchen oder eine Frage stellen …').waitFor();
    await expect(page.locator('assistant-widget').getAttribute('lang')).resolves.toBe('de');
  });

  it('speaks the page’s <html lang> without the option, its region ignored', async () => {
    const page = await open('pt-BR', { mode: 'search' });
    await page.getByRole('button', { name: /Pesquisar na documentação/ }).waitFor();
  });

  it('speaks the browser’s language without either, and English when it has no texts for it', async () => {
    const page = await open('', { mode: 'search' }, 'ja-JP');
    await page.getByRole('button', { name: /ドキュメントを検索/ }).waitFor();
    const other = await open('', { mode: 'search' }, 'fi-FI');
    await other.getByRole('button', { name: /Search the docs/ }).waitFor();
  });

  it('lets labels override any text of the language', async () => {
    const page = await open('es', { mode: 'search', labels: { SEARCH_TRIGGER: 'Buscar en Acme' } });
    await page.getByRole('button', { name: /Buscar en Acme/ }).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Busque en la documentación o haga una pregunta…').waitFor();
  });

  it('tells an offline visitor in their language that the assistant cannot be reached', async () => {
    const page = await open('en', { popup: false, locale: 'de' });
    const field = page.getByPlaceholder('Fragen Sie etwas und erhalten Sie KI-generierte Antworten …');
    await field.waitFor();
    await context!.setOffline(true);
    await field.fill('Wie rotiere ich ein Token?');
    await field.press('Enter');
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Der Assistent ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
  });

  it('lays Arabic out right to left, in the chat popup and the search modal', async () => {
    const page = await open('ar', {});
    await page.getByTitle('اسأل أي شيء واحصل على إجابات').click();
    const direction = (selector: string) =>
      page.evaluate(
        (sel) =>
          getComputedStyle(document.querySelector('assistant-widget')!.shadowRoot!.querySelector(sel)!)
            .direction,
        selector,
      );
    await expect(direction('.panel')).resolves.toBe('rtl');
    await expect(page.locator('assistant-widget').getAttribute('dir')).resolves.toBe('rtl');
    const search = await open('ar', { mode: 'search' });
    await search.keyboard.press('Control+k');
    await search.getByPlaceholder('ابحث في الوثائق أو اطرح سؤالًا…').waitFor();
  });
});
