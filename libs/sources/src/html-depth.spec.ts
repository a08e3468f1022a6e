import { Parser } from 'htmlparser2';
import { htmlDepth, refuseDeepHtml } from './html-depth';

/** The depth htmlparser2 itself reaches: what html-to-text's recursion walks. */
function parserDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  const parser = new Parser({
    onopentag: () => (deepest = Math.max(deepest, ++depth)),
    onclosetag: () => depth--,
  });
  parser.end(html);
  return deepest;
}

/** Deterministic pseudo-random numbers (a test that fails can be run again as it was). */
function random(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const PIECES = [
  '<div>',
  '</div>',
  '<p>',
  '</p>',
  '<li>',
  '<ul>',
  '</ul>',
  '<td>',
  '<tr>',
  '<table>',
  '</table>',
  '<br>',
  '<img src="a>b">',
  '<div/>',
  '</span>',
  '<span class=x>',
  '</span>',
  '<!-- <div> -->',
  '<script>if (a < b) "</div>"</script>',
  '<style>p>a{}</style>',
  '<title><b></title>',
  'text',
  '<h2>',
  '</h2>',
  '<option>',
  '<select>',
  '</select>',
  '<dd>',
  '<dt>',
  '< div>',
  '</ p>',
  "<a href='x\"y'>",
  '</a>',
  '<!DOCTYPE html>',
  '<svg><path/></svg>',
  '<section>',
  '</section>',
  '<P>',
  '</DIV>',
];

describe('htmlDepth', () => {
  it('counts nesting as htmlparser2 builds the tree, on pages of tags in any order', () => {
    const next = random(42);
    for (let page = 0; page < 300; page++) {
      const html = Array.from(
        { length: 1 + Math.floor(next() * 200) },
        () => PIECES[Math.floor(next() * PIECES.length)],
      ).join('');
      expect({ html, depth: htmlDepth(html) }).toEqual({ html, depth: parserDepth(html) });
    }
  });

  // Without recursion: a recursive walk overflows the stack long before 200,000 levels. (Its speed
  // is not a test's to judge on a shared machine: a timed bound failed at load.)
  it('measures 200,000 nested elements without recursion', () => {
    const html = `${'<div>'.repeat(200_000)}deep${'</div>'.repeat(200_000)}`;
    expect(htmlDepth(html)).toBe(200_000);
  });

  it('does not let stray end tags hide the nesting', () => {
    expect(htmlDepth('<div></span>'.repeat(5000))).toBe(5000);
    expect(htmlDepth('<p>a<p>b<p>c')).toBe(1);
  });
});

describe('refuseDeepHtml', () => {
  it('refuses HTML nested past the limit, naming it, and passes HTML at the limit', () => {
    const nested = (n: number) => `${'<div>'.repeat(n)}x${'</div>'.repeat(n)}`;
    expect(() => refuseDeepHtml(nested(1000), { htmlDepth: 1000 })).not.toThrow();
    expect(() => refuseDeepHtml(nested(1001), { htmlDepth: 1000 })).toThrow(
      'the HTML nests elements more than 1,000 levels deep',
    );
  });
});
