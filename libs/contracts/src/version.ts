/** The docqa version, reported by health and the OpenAPI document (a test keeps it equal to package.json's). */
export const VERSION = '0.1.0';
