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
