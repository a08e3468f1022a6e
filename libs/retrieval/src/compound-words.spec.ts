import { searchText } from './chunk';
import { LocalEmbedder } from '@docqa/embedders';
import { compoundParts } from '@docqa/tokenize';

describe('compoundParts', () => {
  it('splits camelCase and PascalCase compounds into their words, capitals runs kept whole', () => {
    expect(
      compoundParts('Set `basicAuth.users` and `minVersion: VersionTLS12` on the IPAllowList page'),
    ).toBe('basic Auth min Version Version TLS12 IP Allow List');
  });

  it('leaves words without an inner capital alone (HTTPS, HTTPs, Traefik, snake_case)', () => {
    expect(compoundParts('Traefik serves HTTPS and HTTPs with max_body_size')).toBe('');
  });
});

describe('compounds in what is indexed', () => {
  const chunk = {
    title: 'BasicAuth',
    heading: 'BasicAuth › Configuration Example',
    text: 'Set `basicAuth.users`.',
  };

  it('puts the words of a chunk’s compounds in its search text, and its heading’s among its heading terms', () => {
    const text = searchText(chunk);
    expect(text).toContain('basic Auth');
    // "Configuration Example" heads the section; the page's "BasicAuth" is no heading term of it.
    expect(text.split('\n').at(-1)).toBe('qqhconfigur qqhexampl');
    expect(
      searchText({ ...chunk, heading: 'BasicAuth' })
        .split('\n')
        .at(-1),
    ).toBe('qqhbasicauth qqhbasic qqhauth');
  });

  it('embeds a document with its compounds’ words, so a question in words comes closer to it', async () => {
    const embedder = new LocalEmbedder();
    const query = await embedder.embedQuery('basic auth users');
    const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const [document] = await embedder.embedDocuments(['Set basicAuth.users to the list of users.']);
    const asQuery = await embedder.embedQuery('Set basicAuth.users to the list of users.');
    expect(cosine(query, document!)).toBeGreaterThan(cosine(query, asQuery) + 0.1);
  });
});
