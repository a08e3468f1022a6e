import type { Filter, SearchMode } from '@docqa/contracts';
import { chunkId, searchText, type Chunk, type EmbeddedChunk } from '../chunk';
import { LocalEmbedder } from '@docqa/embedders';
import type { Retrieval } from '../retrieval';
import type { VectorStore } from '../vector-store';

/** The embedder of the contract suite: offline, 512 dimensions. */
export const contractEmbedder = new LocalEmbedder();

/**
 * Filter values that must stay data in every store: quotes, SQL, Qdrant filter JSON and path
 * syntax, wildcards, control characters, Unicode (combining marks, emoji, a right-to-left
 * override) and a value ten times longer than the HTTP contract allows.
 */
export const HOSTILE_VALUES: string[] = [
  `it's a "quoted" value`,
  `' OR 1=1 --`,
  `"; DROP TABLE chunks; --`,
  `{"must":[{"key":"tenant","match":{"any":[]}}]}`,
  `metadata."a.b"[0].tenant`,
  `%_\\*?[]$^`,
  `Ünïcødé 日本語 🚀 \u202Eevil`,
  `line\nbreak\ttab\u0000nul`,
  'long '.repeat(2000).trim(),
];

/** A document of the fixture, split into chunks by its `texts`. */
export interface FixtureDoc {
  id: string;
  title: string;
  url?: string;
  texts: string[];
  metadata: Record<string, unknown>;
}

/** The main tenant's documents: ranking, filter and hostile-value cases. */
export const MAIN_DOCS: FixtureDoc[] = [
  {
    id: 'tokens',
    title: 'Tokens',
    texts: [
      'Create a token with the tokens create command of the CLI. Tokens are stored as SHA-256 hashes.',
      'Revoke a token with tokens revoke and its id. Revocation takes effect at once.',
    ],
    metadata: { product: 'cli', tags: ['security', 'auth'], version: 2 },
  },
  {
    id: 'install',
    title: 'Install on Windows',
    url: 'https://docs.example/install',
    texts: ['Download the installer and run setup.exe as administrator.'],
    metadata: { product: 'desktop', platform: 'Windows 11 Pro', 'a.b': 'dotted', 'x[0]': 'bracketed' },
  },
  {
    id: 'widget',
    title: 'Widget',
    texts: ['The chat widget is embedded with one script tag and a container element.'],
    metadata: { product: 'widget', tenant: 'spoof' },
  },
  ...HOSTILE_VALUES.map((label, i) => ({
    id: `hostile-${i}`,
    title: `Hostile ${i}`,
    texts: [`Hostile fixture number ${i} describes a gadget.`],
    metadata: { label },
  })),
];

/** Chunks of fixture documents for one tenant, embedded with {@link contractEmbedder}. */
export async function embedDocs(tenant: string, docs: FixtureDoc[]): Promise<EmbeddedChunk[]> {
  const chunks: Chunk[] = docs.flatMap((doc) =>
    doc.texts.map((text, n) => ({
      tenant,
      document_id: doc.id,
      chunk_id: chunkId(doc.id, n),
      title: doc.title,
      url: doc.url ?? null,
      heading: doc.title,
      text,
      metadata: doc.metadata,
    })),
  );
  const vectors = await contractEmbedder.embedDocuments(chunks.map(searchText));
  return chunks.map((chunk, i) => ({ ...chunk, vector: vectors[i]! }));
}

/** One document with one chunk per text, for the write-path tests. */
export function doc(id: string, texts: string[], metadata: Record<string, unknown> = {}): FixtureDoc {
  return { id, title: id, texts, metadata };
}

/** What the parts of the contract share; filled in by the suite's `beforeAll`. */
export interface ContractContext {
  store: VectorStore;
  retrieval: Retrieval;
  /** Tenant holding {@link MAIN_DOCS}, read-only once ingested. */
  main: string;
  /** Chunk ids found for `query` in `tenants` with `mode` and `filters`. */
  find(
    query: string,
    opts?: { mode?: SearchMode; filters?: Filter[]; tenants?: string[]; version?: string },
  ): Promise<string[]>;
}
