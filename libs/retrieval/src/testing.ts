export * from './testing/vector-store-contract';
export * from './testing/contract-fixture';
