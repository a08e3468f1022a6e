/**
 * The texts of the chat's form, of an answer's controls (copy, feedback) and of the widget's own
 * errors (`ERROR_*`: the API unreachable, refusing or failing; `{seconds}`, `{fields}` and
 * `{reason}` stand for the Retry-After, the fields refused and why), in a module of their own so
 * that the widget loads them with its Markdown renderer, when the first answer comes or an error
 * is to be told (the chat form's "Ask" and "Close" keep an English fallback in the initial module
 * until then; a language's pack has them all).
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
  DOWN_RATE_DETAILS_PLACEHOLDER:
    'A high-level summary of what the correct answer should and/or should not mention.',
  DOWN_RATE_URL_PLACEHOLDER: 'https://docs.example.com/page',
  DOWN_RATE_BUTTON: 'Send',
  ERROR_UNREACHABLE: 'Cannot reach the assistant. Check your connection and try again.',
  ERROR_TOKEN: 'This assistant’s access token is no longer valid (revoked or expired).',
  ERROR_FORBIDDEN: 'This assistant is not allowed on this page.',
  ERROR_RATE_LIMITED: 'Too many questions right now. Please try again in a few seconds.',
  ERROR_RATE_LIMITED_SECONDS: 'Too many questions right now. Please try again in {seconds} seconds.',
  ERROR_UNAVAILABLE: 'The assistant is unavailable right now. Please try again in a moment.',
  ERROR_FAILED: 'Something went wrong with this question. Please try again.',
  ERROR_INVALID: 'The assistant did not accept this: {reason}.',
  ERROR_INVALID_FIELDS: 'The assistant did not accept this ({fields}): {reason}.',
  ERROR_FEEDBACK: 'Could not send the feedback.',
  ERROR_START: 'The assistant could not start.',
} as const;
