import type { ANSWER_LABELS } from './answer-labels';
import type { SEARCH_LABELS } from './search-labels';

/**
 * Contract constants without zod: the browser apps (widget, portal) import this entry,
 * `@docqa/contracts/constants`, so their bundles stay free of the schemas.
 */

/**
 * The label keys of the widget (spec §2.7) its initial module shows, with their default texts; the
 * feedback form's (`DOWN_RATE_*`), the answers' and the errors' are in `ANSWER_LABELS` (loaded with
 * the answer code), the search mode's in `SEARCH_LABELS`.
 */
export const DEFAULT_LABELS = {
  CHAT_PLACEHOLDER: 'Ask anything and get AI-generated answers...',
  POPUP_TITLE: 'docqa Chat',
  POPUP_TRIGGER_TITLE: 'Ask anything and get answers',
  COLLAPSE_SHOW: 'Show more',
  COLLAPSE_HIDE: 'Collapse',
  DOCUMENTS_IN: 'Documents in response',
  DOCUMENTS_OTHER: 'Other documents',
  NEW_CHAT_BUTTON: 'New chat',
  SEARCH_TRIGGER: 'Search the docs',
  /** The label of the version picker, shown when the knowledge base has several docs versions. */
  VERSION_LABEL: 'Version',
} as const;

/** A text of the widget that `labels` may override. */
export type LabelKey = keyof typeof DEFAULT_LABELS | keyof typeof SEARCH_LABELS | keyof typeof ANSWER_LABELS;

/**
 * Tenant names: 1-63 lowercase letters, digits, `_` or `-`, starting with a letter or digit. As a
 * pattern for `RegExp` and for an HTML `pattern` attribute alike: browsers compile that with the
 * `v` flag, where a `-` in a class must be escaped (unescaped, the pattern is invalid and silently
 * ignored).
 */
export const TENANT_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,62}';

/** Every token scope, in the order forms offer them. */
export const SCOPES = ['ask', 'search', 'ingest', 'admin'] as const;

/** Longest query the search box (`POST /search/`) takes: what a visitor types, never a pasted page. */
export const SEARCH_BOX_MAX_CHARS = 200;

/** Path prefix of every API operation: the API lives at `<origin>/api/v2/`. */
export const API_BASE_PATH = '/api/v2';

/** Size limits of asked questions (settings QUESTION_MAX_CHARS, QUESTION_METADATA_MAX_BYTES, BATCH_MAX_QUESTIONS). */
export interface QuestionLimits {
  /** Characters of one question. */
  questionChars: number;
  /** Bytes of `question_metadata` as JSON. */
  metadataBytes: number;
  /** Questions of one `POST /question/batch/`. */
  batchQuestions: number;
}

export const DEFAULT_QUESTION_LIMITS: QuestionLimits = {
  questionChars: 4000,
  metadataBytes: 4096,
  batchQuestions: 100,
};

/**
 * Whether `url` may be a widget's logo: an http(s) or `data:image/` URL, or a path relative to the
 * page. The server refuses other settings with it, and the widget shows no logo of another kind
 * (a page's own settings, or the portal's unsaved draft in its live preview, are not checked by
 * the server).
 */
export function isLogoUrl(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) || /^(https?:|data:image\/)/i.test(url);
}

/**
 * What an admin may do in a tenant, most powerful first: `owner` everything (tokens, admin
 * accounts and roles, the audit log), `editor` the knowledge base, sources and widget settings,
 * `viewer` insights, conversations and gaps, read only.
 */
export const ROLES = ['owner', 'editor', 'viewer'] as const;

/** Whether `role` may do what `needed` may (owner > editor > viewer). */
export function roleAllows(role: (typeof ROLES)[number], needed: (typeof ROLES)[number]): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(needed);
}
