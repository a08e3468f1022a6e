export { describeVectorStoreContract, type VectorStoreHarness } from './testing/vector-store-contract';
export {
  contractEmbedder,
  doc,
  embedDocs,
  HOSTILE_VALUES,
  MAIN_DOCS,
  type ContractContext,
  type FixtureDoc,
} from './testing/contract-fixture';
