export * from './testing/minimal-pdf';
