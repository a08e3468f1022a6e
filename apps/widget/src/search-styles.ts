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
  .search-dialog .panel {
    max-height: min(80vh, 100vh - 24px);
    min-height: 0;
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
  mark {
    background: none;
    color: var(--accent);
    font-weight: 700;
    text-decoration: underline;
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
