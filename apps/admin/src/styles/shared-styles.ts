import { css } from 'lit';

/** Styles every page shares: headings, forms, buttons, tables, alerts; colours from admin.css. */
export const sharedStyles = css`
  :host {
    display: block;
    color: var(--text);
    /* A word longer than the line (an address, an id) breaks rather than widening a phone's page;
       break-word, unlike anywhere, leaves a table's column widths (on a phone its rows stack). */
    overflow-wrap: break-word;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h1 {
    font-size: 1.5rem;
    margin: 0 0 1rem;
  }
  h1:focus {
    outline: none;
  }
  h2 {
    font-size: 1.15rem;
    margin: 1.5rem 0 0.75rem;
  }
  h3 {
    font-size: 1rem;
    margin: 1rem 0 0.5rem;
  }
  .card > h2:first-child,
  .card > h1:first-child {
    margin-top: 0;
  }
  fieldset {
    border: 1px solid var(--border);
    border-radius: 6px;
    margin: 0.75rem 0;
    max-width: 36rem;
  }
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  label:has(> input[type='checkbox']),
  label:has(> input[type='radio']) {
    font-weight: 400;
    margin: 0.35rem 0;
  }
  a {
    color: var(--accent);
  }
  p.muted,
  .muted {
    color: var(--muted);
  }
  .card {
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 8px;
    padding: 1rem;
    box-shadow: var(--shadow);
    margin-bottom: 1rem;
  }
  label {
    display: block;
    overflow-wrap: anywhere;
    font-weight: 600;
    margin: 0.75rem 0 0.25rem;
  }
  .hint {
    display: block;
    font-weight: 400;
    color: var(--muted);
    font-size: 0.875rem;
  }
  input,
  select,
  textarea {
    font: inherit;
    font-size: 16px;
    color: var(--text);
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 0.45rem 0.6rem;
    width: 100%;
    max-width: 36rem;
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: auto;
  }
  textarea {
    min-height: 5rem;
  }
  button,
  .button {
    font: inherit;
    cursor: pointer;
    border-radius: 6px;
    border: 1px solid var(--accent);
    background: var(--accent);
    color: var(--accent-text);
    padding: 0.45rem 0.9rem;
    text-decoration: none;
    display: inline-block;
  }
  button.secondary {
    background: transparent;
    color: var(--accent);
  }
  button.danger {
    background: transparent;
    border-color: var(--danger);
    color: var(--danger);
  }
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  :focus-visible {
    outline: 3px solid var(--accent);
    outline-offset: 2px;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: end;
  }
  .row > * {
    flex: 1 1 12rem;
  }
  .row > button,
  .row > .shrink {
    flex: 0 0 auto;
  }
  .table-wrap {
    overflow-x: auto;
    /* The containing block of visually hidden cells: they scroll with the table, not the page. */
    position: relative;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    background: var(--surface);
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem;
    border-bottom: 1px solid var(--border);
    vertical-align: top;
  }
  th {
    font-size: 0.875rem;
    color: var(--muted);
  }
  /* On a phone each row is a card, each cell a line led by its column's header (the data-label that
     StackedTablesController sets); the header row stays for screen readers only. */
  @media (max-width: 40rem) {
    table,
    tbody,
    tr,
    td,
    tbody th {
      display: block;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    table {
      background: none;
    }
    tr {
      background: var(--surface);
      border: 1px solid var(--border);
      border-radius: 8px;
      padding: 0.25rem 0.75rem;
      margin-bottom: 0.75rem;
    }
    td,
    tbody th {
      position: relative;
      min-height: 2rem;
      padding: 0.4rem 0 0.4rem 8rem;
      overflow-wrap: anywhere;
    }
    tr > :last-child {
      border-bottom: none;
    }
    td::before,
    tbody th::before {
      content: attr(data-label);
      /* Empty alternative text: a screen reader hears the column header once, from the table. */
      content: attr(data-label) / '';
      position: absolute;
      left: 0;
      width: 7.25rem;
      font-size: 0.875rem;
      font-weight: 600;
      color: var(--muted);
    }
  }
  .alert {
    border: 1px solid var(--danger);
    background: var(--danger-bg);
    color: var(--text);
    border-radius: 6px;
    padding: 0.6rem 0.8rem;
    margin: 0.75rem 0;
  }
  .field-error {
    color: var(--danger);
    font-size: 0.875rem;
    margin: 0.25rem 0 0;
  }
  [aria-invalid='true'] {
    border-color: var(--danger);
  }
  .alert ul {
    margin: 0.25rem 0 0;
    padding-left: 1.2rem;
  }
  .success {
    border: 1px solid var(--ok);
    background: var(--ok-bg);
    border-radius: 6px;
    padding: 0.6rem 0.8rem;
    margin: 0.75rem 0;
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.35rem 1rem;
    margin: 0;
  }
  dt {
    font-weight: 600;
    color: var(--muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .badge {
    display: inline-block;
    font-size: 0.75rem;
    border: 1px solid var(--border);
    border-radius: 999px;
    padding: 0 0.5rem;
    background: var(--surface-2);
    white-space: nowrap;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    margin: -1px;
    padding: 0;
    border: 0;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  /* A secret shown once (a new token, an invited admin's password), to copy in full. */
  .secret code {
    display: block;
    word-break: break-all;
    background: var(--surface-2);
    padding: 0.5rem;
    border-radius: 6px;
    margin: 0.5rem 0;
  }
  code,
  pre {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 0.875rem;
  }
  pre {
    background: var(--surface-2);
    padding: 0.75rem;
    border-radius: 6px;
    overflow-x: auto;
  }
  .empty {
    border: 1px dashed var(--border);
    border-radius: 8px;
    padding: 1.5rem;
    color: var(--muted);
    text-align: center;
  }
`;
