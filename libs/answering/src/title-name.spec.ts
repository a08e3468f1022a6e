import type { SearchResult } from '@docqa/contracts';
import { answerTo, rankedSection as section } from './testing/page-searcher';

/** A page's opening, before its first heading: no heading path. */
const opening = (doc: string, text: string, rank: number): SearchResult => ({
  ...section(doc, '', text, rank),
  section: undefined,
});

describe('a page titled by a name that runs the question’s words together', () => {
  const hmac = [
    section(
      'HMAC',
      'Body integrity',
      'The digest header in the signature string checks the body before authentication.',
      0,
    ),
    section('HMAC', 'Options', '`keys`: the secret keys for authentication of signed requests.', 1),
  ];

  it('quotes the page so titled over another page that holds the words apart', async () => {
    const docs = [
      ...hmac,
      opening(
        'Traefik DigestAuth Documentation',
        'The `DigestAuth` middleware grants access to known users only.',
        2,
      ),
    ];
    const text = await answerTo('How do I set up digest authentication?', docs);
    expect(text).toMatch(/^The `DigestAuth` middleware grants access/);
  });

  it('leaves a page whose title writes the words apart to the usual ranking', async () => {
    const docs = [
      ...hmac,
      opening(
        'Traefik Digest Auth Documentation',
        'The `DigestAuth` middleware grants access to known users only.',
        2,
      ),
    ];
    const text = await answerTo('How do I set up digest authentication?', docs);
    expect(text).toMatch(/^The digest header in the signature string/);
  });
});

describe('an option table row led by a name the question writes every word of', () => {
  const long = (name: string) =>
    `| \`${name}\` | A setting of the middleware that is described here at some length, with its default, ` +
    `its accepted values, what it changes and when one would want to change it at all. |`;
  const table = [
    '| Field | Description |',
    '|:------|:------------|',
    '| `address` | Authentication server address. |',
    ...['tls', 'headerField', 'preserveLocationHeader'].map(long),
    '| `authResponseHeaders` | List of headers to copy from the authentication server response and set on forwarded request. |',
    ...['authRequestHeaders', 'addAuthCookiesToResponse', 'maxResponseBodySize', 'preserveRequestMethod'].map(
      long,
    ),
    '| `forwardBody` | Set to `true` to send the body. |',
    ...['maxBodySize', 'trustForwardHeader', 'abortOnPostAuthError'].map(long),
  ].join('\n');

  it('quotes that row, where another holds as many of the question’s words spread out', async () => {
    // traefik's ForwardAuth options, asked "Can forward auth send the request body to the auth
    // server too?": the window went to `authResponseHeaders`' row ("authentication server",
    // "forwarded request") and stopped before `forwardBody`.
    const text = await answerTo('Can forward auth send the request body to the auth server too?', [
      section('Traefik ForwardAuth Documentation', 'Configuration Options', table, 0),
      section('Traefik Routing', 'Overview', 'Traefik forwards each request to a server, after auth.', 1),
      section('Traefik Services', 'Servers', 'A request is forwarded to one server of the service.', 2),
    ]);
    expect(text).toContain('`forwardBody`');
  });
});
