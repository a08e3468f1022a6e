import { join } from 'node:path';

/**
 * The folder of real-shaped pages in each docs dialect: `hugo/` (a site with sections, shortcodes
 * and references), `docusaurus/`, `mkdocs.md`, `guide.adoc`, `install.rst`.
 */
export const DIALECT_FIXTURES = join(__dirname, 'dialects');
