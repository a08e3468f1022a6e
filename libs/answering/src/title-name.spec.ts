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
