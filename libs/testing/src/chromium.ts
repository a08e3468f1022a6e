import { chromium, type Browser } from 'playwright-core';

/** Headless Chromium of the machine (Debian's), as the browser tests and benchmarks drive it. */
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
