import { pageTie } from './page-tie';
import type { ScoredSection } from './passage-choice';
import { sectionPassages } from './section-passage';
import { passage } from './testing/page-searcher';

/**
 * The sections retrieved for "How do I get the list of images and links a document references?"
 * over Asciidoctor's docs, with the scores the answerer gave them, in its order.
 */
function ranked(): ScoredSection[] {
  const rows: [string, string, string, number][] = [
    ['html-backend/pages/favicon.adoc', 'Add a Favicon', 'Setting the favicon attribute adds a link.', 1.2],
    ['migrate/pages/ms-word.adoc', 'Migrate from MS Word › Pandoc', 'Pandoc converts docx files.', 1.13],
    ['api/pages/catalog-assets.adoc', 'Catalog Assets › Use the asset catalog › :refs', 'refs', 0.96],
    ['api/pages/catalog-assets.adoc', 'Catalog Assets › What assets are cataloged?', 'links, images', 0.92],
    ['api/pages/catalog-assets.adoc', 'Catalog Assets › Use the asset catalog › :images', 'images', 0.71],
    ['html-backend/pages/manage-images.adoc', 'Manage Images', 'Images are referenced.', 0.67],
  ];
  const results = rows.map(([doc, section, text]) => passage(doc, section, text));
  const docs = [...new Set(rows.map(([doc]) => doc))].map((doc) => ({
    passages: results.filter((r) => r.document_id === doc),
  }));
  const passages = sectionPassages(docs, new Map(results.map((r, i) => [r.chunk_id, i])));
  return rows.map(([doc, section, , score]) => ({
    passage: passages.find((p) => p.chunk.document_id === doc && p.section === section)!,
    score,
    coverage: 0.7,
    defines: false,
    fit: 1,
  }));
}

describe('pageTie', () => {
  it('takes the page holding several near ties over a lone runner-up of another page', () => {
    const [first, tie, ...rest] = ranked();
    const chosen = pageTie(first!, tie!, [first!, tie!, ...rest], 0.7);
    expect(chosen?.passage.section).toBe('Catalog Assets › Use the asset catalog › :refs');
  });

  it('keeps the runner-up when no other page holds more near ties than its own', () => {
    const [first, tie, , ...rest] = ranked();
    // Without ":refs", the catalog page has one near tie left ("What assets…"), as the runner-up does.
    expect(pageTie(first!, tie!, [first!, tie!, ...rest], 0.7)).toBeUndefined();
  });

  it('asks a long page for one more near tie for every 64 of its chunks', () => {
    const [first, tie, refs, cataloged, ...rest] = ranked();
    // The catalog page as the 154th chunk of a page of global flags ("docs.md" of rclone).
    const at = (s: ScoredSection, n: number) => ({
      ...s,
      passage: {
        ...s.passage,
        chunk: { ...s.passage.chunk, chunk_id: `api/pages/catalog-assets.adoc#${n}` },
      },
    });
    const long = (a: number, b: number) => [first!, tie!, at(refs!, a), at(cataloged!, b), ...rest];
    expect(pageTie(first!, tie!, long(60, 93), 0.7)).toBeUndefined();
    // At a share of 0.5 ":images" (0.71 of 1.2) is a third near tie: enough below 128 chunks.
    expect(pageTie(first!, tie!, long(60, 93), 0.5)?.passage.section).toBe(
      'Catalog Assets › Use the asset catalog › :refs',
    );
    expect(pageTie(first!, tie!, long(93, 154), 0.5)).toBeUndefined();
    expect(pageTie(first!, tie!, long(8, 20), 0.7)?.passage.section).toBe(
      'Catalog Assets › Use the asset catalog › :refs',
    );
  });

  it('keeps a runner-up of the first section’s own page', () => {
    const [first, , ...rest] = ranked();
    const own = { ...first!, score: 1.1, passage: { ...first!.passage, section: 'Add a Favicon › Modify' } };
    expect(pageTie(first!, own, [first!, own, ...rest], 0.7)).toBeUndefined();
  });
});
