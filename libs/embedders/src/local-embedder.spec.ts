import { LocalEmbedder } from './local-embedder';

describe('LocalEmbedder', () => {
  const embedder = new LocalEmbedder();
  const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  it('gives unit vectors, closer for texts that share words and forms', async () => {
    const [q, near, far] = await embedder.embedDocuments([
      'revoking tokens',
      'How to revoke a token',
      'Install the widget on a page',
    ]);
    expect(Math.abs(cos(q!, q!) - 1)).toBeLessThan(1e-9);
    expect(cos(q!, near!)).toBeGreaterThan(cos(q!, far!) + 0.2);
  });
});

describe('LocalEmbedder queries', () => {
  const embedder = new LocalEmbedder();
  const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

  it('finds the one-word spelling of a phrasal verb the query writes in two, and the other way', async () => {
    // rclone's `rclone config` page: "an interactive configuration session where you can setup new
    // remotes", for a visitor's "How do I set up a new remote?".
    const setup = embedder.embedDocument('Enter a session where you can setup new remotes.');
    const plain = embedder.embed('How do I set up a new remote?');
    const query = await embedder.embedQuery('How do I set up a new remote?');
    expect(cos(query, setup)).toBeGreaterThan(cos(plain, setup) + 0.05);
    const twoWords = embedder.embedDocument('Sign in with your account to set it up.');
    expect(cos(await embedder.embedQuery('signin setup'), twoWords)).toBeGreaterThan(
      cos(embedder.embed('signin setup'), twoWords),
    );
  });
});
