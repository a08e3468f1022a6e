/**
 * What a cross-reference written without text shows when its target's title is not at hand (a
 * document loaded alone): the words of the section id it names (`page.adoc#_tab_size` → "tab
 * size"), else of the page's name (`migrate:asciidoc-py.adoc` → "asciidoc py"), or of its
 * folder, module or component for an index page (`cli:index.adoc` → "cli"). Never the path, which
 * a reader would take for text to type; the words are what the id or file was named after, most
 * often its title.
 */
export function referenceWords(target: string): string {
  const at = target.indexOf('#');
  const id = at < 0 ? '' : target.slice(at + 1);
  const words = (text: string) => text.replace(/[-_\s]+/g, ' ').trim();
  if (words(id)) return words(id);
  const segments = (at < 0 ? target : target.slice(0, at))
    .replace(/\.(?:adoc|asciidoc|html|rst)$/i, '')
    .split(/[:/@]/)
    .filter((s) => words(s));
  let name = segments.pop() ?? '';
  // An index page is named by its folder, module or component (`acme:ROOT:index` → "acme").
  while ((name === 'index' || name === 'ROOT') && segments.length) name = segments.pop()!;
  return words(name) || target;
}
