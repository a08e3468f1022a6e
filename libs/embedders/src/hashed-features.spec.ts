import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fnv1a, readerWords, stem, words } from '@docqa/tokenize';
import { LocalEmbedder } from './local-embedder';

/**
 * The local embedder as it was first written (features built as strings, summed in a Map), kept
 * to check that the one hashed from characters gives the same vectors to the last bit.
 */
const FIRST_STOP = new Set(
  'a an and are as at be by can do does for from how i if in into is it its of on or so that the their then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
);
function firstEmbed(text: string, dimensions = 512): number[] {
  const counts = new Map<number, number>();
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    const index = h % dimensions;
    const sign = (h >>> 31) & 1 ? -1 : 1;
    counts.set(index, (counts.get(index) ?? 0) + sign * weight);
  };
  const terms = words(text)
    .filter((w) => !FIRST_STOP.has(w))
    .map(stem);
  terms.forEach((term, i) => {
    add(`w:${term}`, 1);
    if (i > 0) add(`b:${terms[i - 1]}_${term}`, 0.5);
    const padded = `_${term}_`;
    for (let j = 0; j + 3 <= padded.length; j++) add(`c:${padded.slice(j, j + 3)}`, 0.25);
  });
  const vector = new Array<number>(dimensions).fill(0);
  let norm = 0;
  for (const [index, value] of counts) {
    const weighted = Math.sign(value) * Math.log1p(Math.abs(value));
    vector[index] = weighted;
    norm += weighted * weighted;
  }
  norm = Math.sqrt(norm) || 1;
  return vector.map((v) => v / norm);
}
function firstEmbedDocument(text: string, dimensions = 512): number[] {
  const parts = readerWords(text);
  return firstEmbed(parts ? `${text}\n${parts}` : text, dimensions);
}

/** The bits of vectors, for a comparison that tells 0 from -0 and sees every last bit. */
const bits = (vectors: number[][]) => Buffer.from(Float64Array.from(vectors.flat()).buffer);

/** The texts whose vectors' bits differ between `a` and `b` (a Buffer compare, not jest's). */
function differing(texts: string[], a: (t: string) => number[], b: (t: string) => number[]): string[] {
  return texts.filter((t) => !bits([a(t)]).equals(bits([b(t)])));
}

/** Passages of about 1,200 characters from the repository's docs and the answers bench's corpora. */
function realTexts(limit: number): string[] {
  const root = join(__dirname, '../../..');
  const files = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.(md|mdx|adoc|rst)$/.test(name) ? [path] : [];
      });
  const texts: string[] = [];
  for (const file of [...files(join(root, 'docs')), ...files(join(root, 'tools/bench/answers/corpora'))]) {
    let passage = '';
    for (const paragraph of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
      passage = passage ? `${passage}\n\n${paragraph}` : paragraph;
      if (passage.length < 1200) continue;
      texts.push(passage);
      passage = '';
      if (texts.length === limit) return texts;
    }
  }
  return texts;
}

/** Texts that try the corners: accents, other scripts, surrogates, suffixes, stop words. */
const CORNERS = [
  '',
  'the a an of',
  'İstanbul ΣΊΣΥΦΟΣ Ǆemal ﬁnal ② naïve café Ångström',
  'math letters 𝒜𝒷𝒸 and 𝟙𝟚 digits, a lone \ud800 high and \udc00 low surrogate, 😀 emoji',
  'ations ation stations nation rations ings things sings being users ies flies ed need es goes',
  'ly only early s this process tokens tokenized token tokenizing revocations 1.2.3 v2 IPv6',
  'basicAuth IPAllowList `~` ^1.2.3 "*" \'|\' AccessLogs minVersion',
  'HTTPS_PROXY=http://proxy.example:3128 docqa keys rotate --tenant acme # Rotate the signing key',
  'ÉCOLE Straße ﬀ ǅ Ⅻ ½ ¹ 한국어 日本語 العربية हिन्दी',
];

describe('HashedFeatures (the local embedder)', () => {
  const embedder = new LocalEmbedder();

  it('gives every vector of the first version, to the last bit, on real docs and corners', () => {
    const texts = [...realTexts(1000), ...CORNERS];
    expect(texts.length).toBeGreaterThan(1000);
    // Queries as written, documents with their reader words.
    expect(differing(texts, (t) => embedder.embed(t), firstEmbed)).toEqual([]);
    expect(differing(texts, (t) => embedder.embedDocument(t), firstEmbedDocument)).toEqual([]);
  });

  it('gives them at a size that is no power of two, and into a batch array from an offset', () => {
    const texts = [...realTexts(100), ...CORNERS];
    const odd = new LocalEmbedder(300);
    const first = (t: string) => firstEmbedDocument(t, 300);
    expect(differing(texts, (t) => odd.embedDocument(t), first)).toEqual([]);
    const batch = new Float64Array(texts.length * 300);
    texts.forEach((t, i) => odd.embedDocumentInto(t, batch, i * 300));
    expect(Buffer.from(batch.buffer).equals(bits(texts.map(first)))).toBe(true);
  });

  it('gives the vectors frozen when the features were first hashed from characters', () => {
    // SHA-256 of the Float64 bits; a change here changes every stored vector (re-embed then).
    const hash = (vectors: number[][]) => createHash('sha256').update(bits(vectors)).digest('hex');
    expect(hash(CORNERS.map((t) => embedder.embedDocument(t)))).toBe(FROZEN_CORNERS);
    expect(hash([embedder.embed('How do I revoke an API token?')])).toBe(FROZEN_QUERY);
  });

  it('leaves nothing of one text in the next (its sums are scratch space)', () => {
    const alone = new LocalEmbedder().embed('rotate the signing key');
    embedder.embed('a long text with many other words, ΣΊΣΥΦΟΣ and 𝒜𝒷𝒸 among them');
    expect(embedder.embed('rotate the signing key')).toEqual(alone);
  });
});

/** Computed with main's code before this change (`6896498`) and with this one alike. */
const FROZEN_CORNERS = '56a1d1bd8a929dc731751bf0e093a54fc5e82e042b6f5525af7c82cbb2337280';
const FROZEN_QUERY = 'a317f6e3c1f564681c5eefd6aa9979bc3ff3176f4f36b5220692dfea39b81deb';
