import type { Browser } from 'playwright-core';
import { launchChromium } from '@docqa/testing';
import { waitForUsableTrigger } from './trigger';

describe('waitForUsableTrigger', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('waits for the trigger to be enabled, not only visible', async () => {
    const page = await browser.newPage();
    await page.setContent(`<button title="Ask" disabled>?</button>
      <script>setTimeout(() => { window.enabledAt = performance.now(); document.querySelector('button').disabled = false; }, 300);</script>`);
    const usableAt = await waitForUsableTrigger(page, 'Ask');
    const enabledAt = await page.evaluate(() => (window as unknown as { enabledAt?: number }).enabledAt);
    expect(enabledAt).toBeDefined();
    expect(usableAt).toBeGreaterThanOrEqual(enabledAt!);
    await page.close();
  });

  it('waits for a trigger that is added later to become visible', async () => {
    const page = await browser.newPage();
    await page.setContent(`<script>setTimeout(() => {
      window.addedAt = performance.now();
      document.body.innerHTML = '<button title="Ask">?</button>';
    }, 200);</script>`);
    const usableAt = await waitForUsableTrigger(page, 'Ask');
    const addedAt = await page.evaluate(() => (window as unknown as { addedAt?: number }).addedAt);
    expect(usableAt).toBeGreaterThanOrEqual(addedAt!);
    await page.close();
  });
});
