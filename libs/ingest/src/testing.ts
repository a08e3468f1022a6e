export * from './testing/minimal-pdf';
export * from './testing/test-site';
