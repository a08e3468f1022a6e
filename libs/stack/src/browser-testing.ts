import { chromium, type Browser } from 'playwright-core';

/** Headless Chromium of the machine, as the browser tests drive it. */
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

/** The widget script's global functions (spec §4.7). */
export interface WidgetGlobals {
  mountAssistantWidget(): void;
  assistantPrompt(text: string): void;
  updateAssistantWidgetSettings(settings: Record<string, unknown>): void;
}
