import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from './embedded-store';
import { describeVectorStoreContract } from './testing/vector-store-contract';

const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-contract-'));

describeVectorStoreContract('EmbeddedStore (LanceDB in a temporary folder)', {
  open: () => EmbeddedStore.open(dir),
  dispose: async (store) => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  },
});
