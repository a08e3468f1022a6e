import { chromium, type Browser, type Page } from 'playwright-core';

/** Headless Chromium of the machine, as the benchmark drives it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

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
