/**
 * What an answer needs beyond the initial module, loaded as one lazy chunk when the first question
 * is asked: the Markdown renderer and the default texts of an answer's controls.
 */
export { renderMarkdown } from '@docqa/answer-markdown';
export { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
