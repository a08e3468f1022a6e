import { css } from 'lit';

/** The search modal's own styles (beside the widget's, which its answers use). */
export const searchStyles = css`
  .search-backdrop {
    position: fixed;
    inset: 0;
    z-index: 2147483000;
    background: rgb(0 0 0 / 0.35);
    display: flex;
    justify-content: center;
    align-items: flex-start;
    padding: min(10vh, 80px) 12px 12px;
  }
  .search-dialog {
    width: min(640px, 100%);
    max-height: 100%;
    display: flex;
  }
  /* Opaque over the dimmed page, whatever --assistant-widget-bg-opacity the popup has: the text's
     contrast is against the widget's background alone (and checkable: axe-core cannot see through
     the popup's background layer). */
  .search-dialog .panel {
    max-height: min(80vh, 100vh - 24px);
    min-height: 0;
    background: var(--bg);
  }
  .search-dialog .panel::before {
    content: none;
  }
  .search-head {
    display: flex;
    gap: 8px;
    align-items: center;
    padding: 10px 14px;
    border-bottom: 1px solid var(--border);
  }
  .search-head input {
    flex: 1;
    min-width: 0;
  }
  .search-body {
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 8px 8px 12px;
    flex: 1;
    min-height: 0;
  }
  .search-body p {
    margin: 8px 6px;
    color: var(--secondary);
  }
  [role='listbox'] {
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .page-title {
    font-size: 13px;
    font-weight: 600;
    color: var(--secondary);
    margin: 10px 6px 2px;
  }
  [role='option'] {
    display: block;
    padding: 8px 10px;
    border-radius: 8px;
    color: inherit;
    text-decoration: none;
    cursor: pointer;
  }
  [role='option'][aria-selected='true'] {
    background: var(--hover);
    outline: 2px solid var(--accent);
    outline-offset: -2px;
  }
  .path {
    display: block;
    font-weight: 600;
  }
  .snippet {
    display: block;
    font-size: 14px;
    color: var(--secondary);
  }
  /* The matched words stand out by weight, underline and the text's colour (darker than the
     snippet's): the accent colour, a brand's, need not have a text's contrast (#007bff: 3.97:1). */
  mark {
    background: none;
    color: var(--text);
    font-weight: 700;
    text-decoration: underline;
  }
  /* Links in the answer: the accent moved a quarter towards the text colour, so the default accent
     (#007bff, 3.97:1 on white) reads at 4.5:1 or more, and a light accent on a dark theme too. */
  .search-dialog .answer a,
  .search-dialog .sources a {
    color: color-mix(in srgb, var(--accent) 75%, var(--text));
  }
  .ask-entry {
    font-weight: 600;
  }
  .recent-head {
    display: flex;
    justify-content: space-between;
    align-items: center;
    margin: 4px 6px;
  }
  .back {
    align-self: flex-start;
  }
  @media (max-width: 600px) {
    .search-backdrop {
      padding: 0;
    }
    .search-dialog .panel {
      max-height: none;
      height: 100%;
      border-radius: 0;
      border: 0;
    }
    .search-dialog {
      height: 100%;
    }
  }
`;
