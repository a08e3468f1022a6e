export * from './testing/vector-store-contract';
export * from './testing/contract-fixture';
export * from './testing/openapi-validator';
export * from './testing/schema-checked-qdrant';
