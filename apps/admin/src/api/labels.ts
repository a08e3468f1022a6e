import type { LabelKey } from '@docqa/contracts';

/**
 * Every widget label with its default text (spec §2.7), for the Widget page's form. A copy of the
 * contract's `DEFAULT_LABELS` (the portal imports contracts as types only, keeping zod out of the
 * bundle); a unit test keeps the two equal.
 */
export const WIDGET_LABELS: Record<LabelKey, string> = {
  CHAT_PLACEHOLDER: 'Ask anything and get AI-generated answers...',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Ask anything and get answers',
  COLLAPSE_SHOW: 'Show more',
  COLLAPSE_HIDE: 'Collapse',
  DOCUMENTS_IN: 'Documents in response',
  DOCUMENTS_OTHER: 'Other documents',
  DOWN_RATE_DETAILS_PLACEHOLDER:
    'A high-level summary of what the correct answer should and/or should not mention.',
  DOWN_RATE_URL_PLACEHOLDER: 'https://docs.example.com/page',
  DOWN_RATE_BUTTON: 'Send',
  NEW_CHAT_BUTTON: 'New chat',
};
