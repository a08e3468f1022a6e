/** Fixtures for tests of loaders and sources: a minimal PDF, a local web site, pages in each docs dialect. */
export { minimalPdf, type MinimalPdfContent } from './testing/minimal-pdf';
export { startTestSite, type TestRoute, type TestSite } from './testing/test-site';
export { DIALECT_FIXTURES } from './testing/dialect-fixtures';
