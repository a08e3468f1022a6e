import { withSourceVersion } from './source-version';

const page = (url: string | undefined, metadata: Record<string, string> = {}) => ({
  id: url ?? 'docs/x.md',
  title: 'Page',
  content: 'text',
  content_type: 'text/markdown' as const,
  ...(url && { url }),
  metadata,
});

describe('withSourceVersion', () => {
  const source = { version_pattern: '/docs/(?<version>\\d+\\.x)/' };

  it('gives a page the version its URL shows, over its front matter', () => {
    expect(
      withSourceVersion(source, page('https://d.test/docs/2.x/install', { version: '1.x' })).version,
    ).toBe('2.x');
  });

  it("reads a repository file's path when it has no URL", () => {
    const file = page(undefined, { path: 'site/docs/3.x/faq.md' });
    expect(withSourceVersion({ version_pattern: 'docs/(?<version>\\d+\\.x)/' }, file).version).toBe('3.x');
  });

  it('leaves a page the rule does not match, or a source without a rule, as it was', () => {
    const next = page('https://d.test/docs/next/install', { version: '4.x' });
    expect(withSourceVersion(source, next)).toBe(next);
    expect(withSourceVersion({}, page('https://d.test/docs/2.x/a')).version).toBeUndefined();
  });
});
