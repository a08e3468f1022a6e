/**
 * Where documents come from: files, folders, PDF, web pages and sitemaps (loaders, robots.txt,
 * HTTP fetch). Nothing here indexes; `@docqa/ingest` does that.
 */
export { toDocumentId, normaliseUrl, urlDocumentId } from './document-id';
export { CONTENT_TYPE_BY_KIND, KIND_BY_EXTENSION, type DocumentKind } from './document-kind';
export {
  emptyLoadResult,
  reasonOf,
  type LoadIssue,
  type LoadResult,
  type LoadedDocument,
} from './load-result';
export {
  parseDocument,
  readFrontMatter,
  titleFromPath,
  titleFromUrl,
  attributedTitle,
  clampTitle,
  type DocumentSource,
} from './parse-document';
export { stripMdx } from './strip-mdx';
export { AsciidoctorConfigs } from './asciidoctor-config';
export { linkPlaceholdersFilled } from './link-placeholders';
export {
  detectDialect,
  generatorLinks,
  normaliseMarkdown,
  repositoryDialect,
  jekyllConfigPath,
  type NormaliseOptions,
} from './markdown-dialect';
export { fenceIndentedCode } from './indented-code';
export { rstToMarkdown } from './rst-markdown';
export { asciidocHtml } from './asciidoc-html';
export {
  antoraComponent,
  antoraPagePath,
  componentFolder,
  withAttributes,
  type AntoraComponent,
} from './antora-component';
export { withIncludes, type ReadIncluded } from './asciidoc-includes';
export { withMarkdownIncludes } from './markdown-includes';
export { outsideMarkdownCode } from './outside-code';
export {
  mdbookSourceFolder,
  mdbookUnpublished,
  outsideSummary,
  summaryChapters,
  type SummarizedBook,
} from './mdbook-book';
export { gitbookLayout, gitbookUnpublished, UNPUBLISHED_GITBOOK } from './gitbook-space';
export {
  mintlifyLayout,
  mintlifyUnpublished,
  mintlifyVersion,
  UNPUBLISHED_MINTLIFY,
  UNPUBLISHED_MINTLIFY_SNIPPET,
} from './mintlify-site';
export { DOCSIFY_DEFAULTS, docsifySettings, docsifyUnpublished, type DocsifySite } from './docsify-site';
export {
  JEKYLL_DEFAULTS,
  jekyllPagePath,
  jekyllSettings,
  jekyllUnpublished,
  type JekyllSite,
} from './jekyll-site';
export { nextPagePath, nextSite, nextUnpublished, type NextSite } from './next-app';
export { nuxtContentFolder, nuxtUnpublished } from './nuxt-site';
export { rspressSettings, rspressUnpublished } from './rspress-site';
export {
  redoclyPagePath,
  redoclySite,
  redoclyUnpublished,
  redoclyVersion,
  type RedoclySite,
} from './redocly-site';
export { withRstIncludes } from './rst-includes';
export { inLeafBundle, unpublishedReason, UNPUBLISHED_HUGO } from './unpublished-files';
export { ReferenceTitles, type ReferencedFile } from './reference-titles';
export { pageFront, pagePath, publishedUrl, type PageFront, type PageOptions } from './published-url';
export {
  configuredPageUrls,
  isSphinxConfiguration,
  mkdocsPageUrls,
  vitepressPageUrls,
  vitepressSourceExcludes,
  vitepressSourceFolder,
} from './page-url-style';
export { SitePages, type SiteFile, type SiteLayout } from './site-pages';
export { siteLanguages, type SiteLanguages, type Translation } from './translated-pages';
export { absoluteLinks, linksToPages, rewriteLinks } from './markdown-links';
export { pathFilter, type PathFilterOptions } from './path-filter';
export { loadFileData, loadPaths, UNSUPPORTED_FILE_REASON, type LoadPathsOptions } from './file-loader';
export { loadFileIsolated, pdfDocumentIsolated, parseThreadScript } from './isolated-loader';
export { DEFAULT_PARSE_LIMITS, refuseLongText, type ParseLimits } from './parse-limits';
export { HTML_DEPTH_CEILING, htmlDepth, refuseDeepHtml } from './html-depth';
export { decodeFileText } from './file-text';
export { parsePdf, pdfDocument, type PdfContent, type PdfSource } from './pdf-loader';
export {
  DOCQA_USER_AGENT,
  fetchResource,
  decodeText,
  type FetchOptions,
  type FetchedResource,
} from './http-fetch';
export { loadUrl, documentFromResource, type ResourceParseOptions, type UrlLoadOptions } from './url-loader';
export { fetchRobotsPolicy, type RobotsPolicy } from './robots-policy';
export { parseSitemap, type ParsedSitemap } from './parse-sitemap';
export {
  isSitemapUrl,
  listSitemap,
  loadSitemap,
  loadPages,
  type PageOutcome,
  type PageProgress,
  type SitemapLoadOptions,
} from './sitemap-loader';
export { isHttpUrl, loadSources, type SourceLoadOptions } from './source-loader';
export { mapConcurrent } from './map-concurrent';
export { isPrivateAddress, PUBLIC_NETWORKS_ONLY, refusePrivateNetworks } from './network-guard';
