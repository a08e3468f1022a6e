export * from './token';
export * from './token-store';
export * from './token-cache';
export * from './password';
export * from './admin-account-store';
export * from './admin-session-store';
