export { SchemaCheckedQdrant, type QdrantCall } from './testing/schema-checked-qdrant';
