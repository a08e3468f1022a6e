import { css } from 'lit';

/**
 * The widget's styles, driven by the documented CSS variables (set by integrators on
 * `.assistant_app`, or `.assistant_app.assistant_theme-dark`).
 */
export const styles = [
  css`
    :host {
      --bg: var(--assistant-widget-bg, #ffffff);
      --text: var(--assistant-widget-text, #1a1a1a);
      --primary: var(--assistant-widget-primary, #e7ebe9);
      --secondary: var(--assistant-widget-secondary, #5a5a5a);
      --accent: var(--assistant-widget-accent, #007bff);
      --border: var(--assistant-widget-border, #e0e0e0);
      --hover: var(--assistant-widget-hover, #f5f5f5);
      --shadow: var(
        --assistant-widget-shadow,
        var(--assistant-widget-shadow-color, #0000001a) 0px 2px 8px 0px
      );
      display: block;
    }
    /*
     * The text's inherited properties are set on the widget's own top elements, not on :host: a page
     * rule that matches the host element ("* { font-size: 30px }") wins over :host, and everything
     * in the widget would inherit it.
     */
    .inline,
    .dialog,
    .trigger,
    .search-trigger {
      font:
        15px/1.5 system-ui,
        -apple-system,
        'Segoe UI',
        Roboto,
        sans-serif;
      color: var(--text);
      letter-spacing: normal;
      word-spacing: normal;
      text-align: start;
      text-indent: 0;
      text-transform: none;
      text-shadow: none;
      white-space: normal;
      visibility: visible;
    }
    * {
      box-sizing: border-box;
    }
    .panel {
      position: relative;
      isolation: isolate;
      border: 1px solid var(--border);
      border-radius: 12px;
      box-shadow: var(--shadow);
      display: flex;
      flex-direction: column;
      width: 100%;
      /* The popup stays below the top of a short screen (a phone held sideways, text zoomed 200 %). */
      max-height: min(80vh, 100vh - 110px);
    }
    /* The background sits on its own layer so that --assistant-widget-bg-opacity fades it, not the text. */
    .panel::before {
      content: '';
      position: absolute;
      inset: 0;
      z-index: -1;
      border-radius: inherit;
      background: var(--bg);
      opacity: var(--assistant-widget-bg-opacity, 1);
    }
    .inline .panel {
      max-height: none;
      min-height: 320px;
    }
    header {
      display: flex;
      align-items: center;
      gap: 8px;
      padding: 10px 14px;
      border-bottom: 1px solid var(--border);
    }
    header h2 {
      font-size: 16px;
      margin: 0;
      flex: 1;
    }
    header img {
      height: 24px;
    }
    header .close {
      font-size: 20px;
      line-height: 1;
      padding: 4px 10px;
    }
    .messages {
      overflow-y: auto;
      padding: 12px 14px;
      flex: 1;
      min-height: 0;
      overscroll-behavior: contain;
      display: flex;
      flex-direction: column;
      gap: 14px;
    }
    .question {
      align-self: flex-end;
      background: var(--primary);
      border-radius: 10px;
      padding: 8px 12px;
      max-width: 85%;
      white-space: pre-wrap;
      /* A URL or a stack trace in a question wraps inside the bubble, not past the list. */
      overflow-wrap: anywhere;
    }
    .turn {
      min-width: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .error {
      /* A red taken towards the text colour, so that it reads on a light and on a dark theme alike. */
      color: color-mix(in srgb, #ff1a1a 55%, var(--text));
    }
    .refusal {
      margin: 0;
      padding: 8px 14px 0;
    }
    button {
      font: inherit;
      color: inherit;
      background: var(--primary);
      border: 1px solid var(--border);
      border-radius: 8px;
      padding: 4px 10px;
      cursor: pointer;
    }
    button:hover {
      background: var(--hover);
    }
    /* Ask while an answer streams: it must not look as if Enter would send. */
    button:disabled {
      opacity: 0.5;
      cursor: default;
      background: var(--primary);
    }
    button:focus-visible,
    input:focus-visible,
    textarea:focus-visible,
    select:focus-visible,
    .error:focus-visible {
      outline: 2px solid var(--accent);
      outline-offset: 2px;
    }
    .examples {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
    .example {
      background: var(--assistant-example-bg, #f8f9fa);
      color: var(--assistant-example-text, #495057);
      border: 1px solid var(--assistant-example-border, #dee2e6);
      box-shadow: var(--assistant-example-shadow, 0px 1px 2px 0px rgba(0, 0, 0, 0.05));
      text-align: left;
    }
    form.ask {
      display: flex;
      gap: 8px;
      padding: 10px 14px;
      border-top: 1px solid var(--border);
    }
    input,
    textarea,
    select {
      font-size: 16px;
      font-family: inherit;
      color: var(--text);
      background: var(--bg);
      border: 1px solid var(--border);
      border-radius: 8px;
      padding: 8px 10px;
    }
    form.ask input {
      flex: 1;
      min-width: 0;
    }
    .filters {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      padding: 8px 14px 0;
    }
    .filters label {
      display: flex;
      flex-direction: column;
      font-size: 12px;
      color: var(--secondary);
    }
    .trigger {
      position: fixed;
      right: 20px;
      bottom: 20px;
      width: 56px;
      height: 56px;
      border-radius: 50%;
      background: var(--accent);
      color: #fff;
      box-shadow: var(--shadow);
      font-size: 24px;
      /* Centres the icon: the text rules the trigger shares with the panel align it to the start. */
      text-align: center;
      z-index: 2147483000;
    }
    .trigger:hover {
      background: var(--accent);
      filter: brightness(1.1);
    }
    .trigger svg {
      width: 60%;
      height: 60%;
      fill: currentColor;
      vertical-align: middle;
    }
    .dialog {
      position: fixed;
      right: 20px;
      bottom: 90px;
      width: min(420px, calc(100vw - 24px));
      z-index: 2147483000;
    }
    /* Phones: the popup takes the whole screen. */
    @media (max-width: 600px) {
      .dialog {
        inset: 0;
        width: auto;
      }
      .dialog .panel {
        height: 100%;
        max-height: none;
        border: 0;
        border-radius: 0;
      }
      /* Full screen, the page must not show through, nor the trigger under the question field. */
      .dialog .panel::before {
        opacity: 1;
      }
      .dialog form.ask {
        padding-bottom: max(10px, env(safe-area-inset-bottom));
      }
      .trigger[aria-expanded='true'] {
        display: none;
      }
    }
    .answer {
      overflow-wrap: anywhere;
      min-width: 0;
    }
    .answer .plain {
      white-space: pre-wrap;
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
  `,
];
