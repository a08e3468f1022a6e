/**
 * The search mode's texts (`mode: "search"`) beyond its field's (`DEFAULT_LABELS`'
 * `SEARCH_TRIGGER`), in a module of their own so that the widget loads them with its search modal
 * (a bundle's chunks take whole modules). `{count}` and `{query}` stand for the number of results
 * and the query.
 */
export const SEARCH_LABELS = {
  SEARCH_PLACEHOLDER: 'Search the docs or ask a question…',
  SEARCH_ASK: 'Ask:',
  SEARCH_RESULTS: '{count} results',
  SEARCH_NO_RESULTS: 'No page matches “{query}”. Ask the assistant instead.',
  SEARCH_HINT: 'Type to search; the first entry asks the assistant.',
  SEARCH_RECENT: 'Recent searches',
  SEARCH_CLEAR_RECENT: 'Clear',
  SEARCH_BACK: 'Back to results',
  SEARCH_CLOSE: 'Close',
  SEARCH_ERROR: 'Search is unavailable right now. Please try again in a moment.',
  SEARCH_RATE_LIMITED: 'Too many searches right now. Please wait a few seconds.',
  SEARCH_OFFLINE: 'You are offline: search needs a connection.',
  SEARCH_FOLLOW_UP: 'Ask a follow-up…',
} as const;
