import picomatch from 'picomatch';

/** Which files of a folder to load, by globs on their paths relative to the folder. */
export interface PathFilterOptions {
  /** Load only files matching one of these. @defaultValue every file of a supported type */
  include?: string[];
  /** Leave out files matching one of these. @defaultValue none */
  exclude?: string[];
}

/**
 * A predicate over `/`-separated paths relative to a folder: true when the path matches an
 * include glob (or none is given) and no exclude glob. A glob without a `/` matches the file name
 * at any depth (`*.mdx`), as in `.gitignore`; `drafts/**` matches everything under `drafts`.
 */
export function pathFilter({ include = [], exclude = [] }: PathFilterOptions): (path: string) => boolean {
  // picomatch's `basename` option would apply to every glob, so name-only globs get a `**/` instead.
  const compile = (globs: string[]) =>
    picomatch(
      globs.map((glob) => (glob.includes('/') ? glob : `**/${glob}`)),
      { dot: true },
    );
  const included = include.length ? compile(include) : () => true;
  const excluded = exclude.length ? compile(exclude) : () => false;
  return (path) => included(path) && !excluded(path);
}
