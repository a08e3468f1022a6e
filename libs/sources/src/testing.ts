/** Fixtures for tests of loaders and sources: a minimal PDF and a local web site. */
export { minimalPdf, type MinimalPdfContent } from './testing/minimal-pdf';
export { startTestSite, type TestRoute, type TestSite } from './testing/test-site';
