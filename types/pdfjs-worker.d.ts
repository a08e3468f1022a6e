/** pdf.js's worker module, imported only to run the worker in the same thread under Node. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
