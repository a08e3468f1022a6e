export { chunkMarkdown, type ChunkOptions, type TextPiece } from './chunker';
export { HeadingAnchors, slug, withAnchor } from './anchor';
export { markdownBlocks, type BlockKind } from './markdown-blocks';
