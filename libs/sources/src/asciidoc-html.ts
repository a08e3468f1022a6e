/** A document title line: `= Title` (level 0). */
const TITLE = /^=\s+(\S.*?)\s*$/m;

/**
 * AsciiDoc as HTML, through Asciidoctor.js in its secure mode: `include::` directives are not
 * followed (nor shown), no file or URL is read. Sections keep the ids Asciidoctor gives them
 * (`_install_on_linux`), source blocks their language; the table of contents is left out.
 */
export async function asciidocHtml(source: string): Promise<string> {
  const { convert } = await import('@asciidoctor/core');
  const html = await convert(source.replace(/^include::[^\n]*\[[^\n]*\]\s*$/gm, ''), {
    safe: 'secure',
    attributes: { toc: null, showtitle: '' },
  });
  return String(html);
}

/** The title of an AsciiDoc document: its `= Title` line. */
export function asciidocTitle(source: string): string | undefined {
  const head = source.split(/\n\s*\n/, 3).join('\n');
  return TITLE.exec(head)?.[1];
}
