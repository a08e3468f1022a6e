import type { Page } from 'playwright-core';

/**
 * Waits until the button titled `title` (the popup trigger) can be used: visible and enabled.
 * Resolves with `performance.now()` of the page at that moment.
 */
export async function waitForUsableTrigger(page: Page, title: string): Promise<number> {
  const trigger = await page.getByTitle(title).elementHandle();
  await trigger!.waitForElementState('visible');
  await trigger!.waitForElementState('enabled');
  return page.evaluate(() => performance.now());
}
