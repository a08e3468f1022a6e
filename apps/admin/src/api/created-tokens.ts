/**
 * Clear widget tokens created in this tab, by token id, so the Widget page's embed snippet can
 * hold a token just created. Memory only: never stored, gone on reload, never listed again.
 */
export const createdTokens = new Map<string, string>();
