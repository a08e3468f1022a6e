export { chunkMarkdown, type ChunkOptions, type TextPiece } from './chunker';
export { HeadingAnchors, headingPathText, pageOf, slug, unescapeMarkdown, withAnchor } from './anchor';
export { markdownBlocks, type BlockKind } from './markdown-blocks';
