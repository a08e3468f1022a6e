import { terms } from './text';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

describe('a named version', () => {
  it('is a term of its name and of its one-word spelling, its number no words of its own', () => {
    expect(terms('How do I require at least TLS 1.2?')).toEqual(['requir', 'least', 'tls', 'tls12']);
    expect(terms('Qdrant version 1.17 or later')).toEqual(['qdrant', 'version', '1', '17', 'later']);
  });

  const yaml = (key: string, version: string) =>
    ['```yaml', 'tls:', '  options:', '    default:', `      ${key}: ${version}`, '```'].join('\n');
  const minimum = passage(
    'tls-options.md',
    'TLS Options › Minimum TLS Version',
    yaml('minVersion', 'VersionTLS12'),
  );
  const maximum = passage(
    'tls-options.md',
    'TLS Options › Maximum TLS Version',
    `We discourage the use of this setting to disable TLS 1.3.\n\n${yaml('maxVersion', 'VersionTLS12')}`,
  );
  const others = ['routers', 'services', 'entrypoints'].map((doc) =>
    passage(
      `${doc}.md`,
      `${doc} › TLS`,
      `Set \`tls\` on the ${doc} to serve them over TLS with a certificate.`,
    ),
  );

  it('finds the identifier a page writes it as, and "at least" the minimum', async () => {
    const { text, cited } = await askExtractive(
      'How do I require at least TLS 1.2?',
      pageSearcher([...others, maximum, minimum]),
    );
    expect(text).toContain('minVersion: VersionTLS12');
    expect(text.indexOf('minVersion')).toBeLessThan(text.indexOf('maxVersion') >>> 0);
    expect(cited[0]).toBe('tls-options.md');
  });
});
