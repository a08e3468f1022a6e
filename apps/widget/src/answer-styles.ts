import { adoptStyles, css, supportsAdoptingStyleSheets } from 'lit';

/**
 * Styles of an answer (Markdown, code, tables, citations), of its numbered sources and of its
 * controls (copy, feedback). They load with the answer kit; the answer's plain text before it has
 * loaded is styled by the widget's own styles.
 */
export const answerStyles = css`
  .answer > :first-child {
    margin-top: 0;
  }
  .answer > :last-child {
    margin-bottom: 0;
  }
  .answer :not(pre) > code {
    background: var(--assistant-answer-code-bg, #f6f8fa);
    border-radius: 4px;
    padding: 0.1em 0.3em;
    font-size: 0.9em;
  }
  /* The frame holds the Copy button still while a long line scrolls inside the block. */
  .answer .code {
    position: relative;
    margin: 8px 0;
  }
  .answer pre {
    margin: 0;
    background: var(--assistant-answer-code-bg, #f6f8fa);
    padding: 10px;
    padding-top: 30px;
    border-radius: 6px;
    overflow-x: auto;
    overflow-wrap: normal;
    font-size: 13px;
  }
  .answer table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
    border-collapse: collapse;
    overflow-wrap: normal;
  }
  .answer a.cite {
    font-size: 0.75em;
    vertical-align: super;
    line-height: 0;
    text-decoration: none;
    padding: 0 1px;
  }
  .answer a.cite:hover {
    text-decoration: underline;
  }
  .answer th,
  .answer td {
    border: 1px solid var(--border);
    padding: 4px 8px;
  }
  .answer a,
  .sources a {
    color: var(--accent);
  }
  .copy {
    position: absolute;
    top: 4px;
    right: 4px;
    font-size: 12px;
    padding: 2px 8px;
  }
  .sources {
    font-size: 13px;
    border-top: 1px solid var(--border);
    padding-top: 6px;
  }
  .sources h3 {
    font-size: 13px;
    margin: 6px 0 2px;
    color: var(--secondary);
  }
  .sources ol {
    margin: 0;
    padding-left: 22px;
  }
  .sources li {
    margin: 2px 0;
    border-radius: 4px;
  }
  .sources li::marker {
    color: var(--secondary);
  }
  .sources li:focus {
    outline: 2px solid var(--accent);
    outline-offset: 1px;
  }
  .sources .version {
    font-size: 11px;
    padding: 0 4px;
    border: 1px solid var(--secondary);
    border-radius: 4px;
    color: var(--secondary);
  }
  .sources .section {
    display: block;
    font-size: 12px;
    color: var(--secondary);
  }
  .sources a {
    text-decoration: none;
  }
  .sources a:hover .title {
    text-decoration: underline;
  }
  .actions {
    display: flex;
    gap: 6px;
    opacity: var(--assistant-actions-opacity, 0.8);
  }
  .actions svg {
    width: 60%;
    height: 60%;
    fill: currentColor;
    vertical-align: middle;
  }
  .actions button {
    width: 34px;
    height: 30px;
    padding: 4px;
  }
  .actions button[data-copied='yes'] {
    border-color: var(--accent);
  }
  .actions [role='status'] {
    align-self: center;
    font-size: 13px;
  }
  .actions .down svg {
    transform: rotate(180deg);
  }
  .thanks:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  .feedback {
    display: flex;
    flex-direction: column;
    gap: 6px;
    margin-top: 6px;
  }
`;

/** Adds the answers' styles to an element's shadow root (after its own, once the kit has loaded). */
export function adoptAnswerStyles(root: HTMLElement | DocumentFragment): void {
  const shadow = root as ShadowRoot;
  if (supportsAdoptingStyleSheets)
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, answerStyles.styleSheet!];
  else adoptStyles(shadow, [answerStyles]);
}
