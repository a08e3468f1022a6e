import { readFile } from 'node:fs/promises';

/**
 * An esbuild plugin that minifies the CSS of Lit's css`` templates (esbuild leaves template text
 * as it is): comments dropped, white space collapsed and removed around `{ } ; , >`. Only
 * templates without `${}` are touched, in the files `filter` matches.
 */
export function minifyLitCss(filter) {
  return {
    name: 'minify-lit-css',
    setup(build) {
      build.onLoad({ filter }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source.replace(/\bcss`([^`$]*)`/g, (_all, text) => `css\`${minifyCss(text)}\``);
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** CSS without comments and the white space it does not need. */
export function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}
