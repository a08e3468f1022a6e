import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ValidationError } from '@docqa/errors';
import type { LoadedDocument } from './load-result';
import { clampTitle, titleFromPath } from './parse-document';
import { DEFAULT_PARSE_LIMITS, textTooLong, type ParseLimits } from './parse-limits';
import { refuseInflationBomb } from './pdf-inflation';

/** What a PDF holds for ingestion: its text and, when the PDF names one, its title. */
export interface PdfContent {
  /** The document information dictionary's Title, when present and not blank. */
  title?: string;
  /** The text, a line per text line, pages separated by a blank line. */
  text: string;
  pages: number;
}

type PdfJs = typeof PdfJsModule;

let pdfjs: Promise<PdfJs> | undefined;

/**
 * Loads pdf.js (the legacy build, which runs on Node 20) once. Its worker runs in this thread:
 * Node has no web workers, and registering the worker module up front keeps pdf.js from importing
 * it by a file path at run time (which bundles and test runners cannot follow).
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjs;
}

/**
 * Extracts the text and title of a PDF with Mozilla's pdf.js. Throws when the bytes are not a
 * readable PDF (damaged, or encrypted with a password), and a ValidationError naming the limit
 * when its streams inflate past `limits.inflatedBytes`, it has more than `limits.pages` pages or
 * its text runs past `limits.textChars`.
 */
export async function parsePdf(
  data: Uint8Array,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<PdfContent> {
  refuseInflationBomb(data, limits);
  const { getDocument } = await loadPdfJs();
  const doc = await getDocument({
    // pdf.js detaches the buffer it is given; the caller's bytes stay usable.
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    if (doc.numPages > limits.pages)
      throw new ValidationError(
        `the PDF has ${doc.numPages.toLocaleString('en-US')} pages, more than ${limits.pages.toLocaleString('en-US')}`,
      );
    const { info } = (await doc.getMetadata()) as { info?: { Title?: unknown } };
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
        if (length + text.length > limits.textChars) throw textTooLong(limits);
      }
      pages.push(tidy(text));
      length += pages.at(-1)!.length + 2;
      page.cleanup();
    }
    const title = typeof info?.Title === 'string' ? info.Title.trim() : '';
    return { ...(title && { title }), text: pages.filter(Boolean).join('\n\n'), pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Where a PDF comes from, for {@link pdfDocument}. */
export interface PdfSource {
  id: string;
  data: Uint8Array;
  url?: string;
  metadata?: Record<string, string>;
  /** Title when the PDF has neither a Title nor a line of text. @defaultValue from `id` */
  fallbackTitle?: string;
  /** @defaultValue {@link DEFAULT_PARSE_LIMITS} */
  limits?: ParseLimits;
}

/**
 * A document from a PDF, sent as plain text: the title is the PDF's Title, else its first line of
 * text. Throws when the PDF cannot be read or holds no text (scanned pages: docqa does no OCR).
 */
export async function pdfDocument(source: PdfSource): Promise<LoadedDocument> {
  const pdf = await parsePdf(source.data, source.limits);
  if (!pdf.text) throw new Error('the PDF holds no text (scanned pages would need OCR)');
  const firstLine = pdf.text.split('\n', 1)[0]!;
  return {
    id: source.id,
    title: clampTitle(pdf.title ?? firstLine) || (source.fallbackTitle ?? titleFromPath(source.id)),
    ...(source.url && { url: source.url }),
    content: pdf.text,
    content_type: 'text/plain',
    metadata: source.metadata ?? {},
  };
}
