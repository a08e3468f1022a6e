/**
 * The texts of the chat's form and of an answer's controls (copy, feedback), in a module of their
 * own so that the widget loads them with its Markdown renderer, when the first answer comes (the
 * chat form's "Ask" and "Close" keep an English fallback in the initial module until then).
 */
export const ANSWER_LABELS = {
  ASK_BUTTON: 'Ask',
  CLOSE_BUTTON: 'Close',
  COPY_ANSWER: 'Copy answer',
  COPY_CODE: 'Copy code',
  COPY: 'Copy',
  COPIED: 'Copied',
  COPY_FAILED: 'Copy failed',
  RATE_UP: 'Good answer',
  RATE_DOWN: 'Bad answer',
  FEEDBACK_THANKS: 'Thanks for the feedback.',
  DOWN_RATE_DETAILS_LABEL: 'What should the answer say?',
  DOWN_RATE_URL_LABEL: 'Page with the right answer',
} as const;
