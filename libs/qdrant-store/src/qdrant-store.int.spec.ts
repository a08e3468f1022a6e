import { randomUUID } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import { QdrantStore } from './qdrant-store';
import { describeVectorStoreContract } from '@docqa/retrieval/testing';

/**
 * The shared vector-store suite against a live Qdrant (1.17 or later), in a collection of its own
 * that it drops afterwards: `QDRANT_URL=http://localhost:6333 npx jest libs/qdrant-store`
 * (`QDRANT_API_KEY` too if the server needs one). Without QDRANT_URL every test is skipped.
 */
const url = process.env.QDRANT_URL;
const collection = `docqa_contract_${randomUUID().slice(0, 8)}`;
const client = url ? new QdrantClient({ url, apiKey: process.env.QDRANT_API_KEY }) : null;

describeVectorStoreContract(
  `QdrantStore against ${url ?? 'a live Qdrant'} (collection ${collection})`,
  {
    open: async () => new QdrantStore({ client: client!, collection }),
    dispose: async () => {
      await client!.deleteCollection(collection);
    },
  },
  url ? undefined : 'set QDRANT_URL=http://localhost:6333 to run it',
);
