import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

const PAGE = 'https://docs.example/tls';

/** A section of the TLS page (its URL with the section's anchor). */
function tlsSection(section: string, anchor: string, text: string) {
  return {
    ...passage('tls', `TLS Certificates › ${section}`, text, 'TLS Certificates'),
    url: `${PAGE}#${anchor}`,
  };
}

/** A section that mentions the default certificate in passing and links to the part that sets it. */
const STRICT = tlsSection(
  'Certificate selection › Strict SNI Checking',
  'strict-sni-checking',
  'By default, if the client does not send SNI, or if no certificate matches the requested server ' +
    `name, the proxy falls back to the [default certificate](${PAGE}/#default-certificate) from ` +
    'the TLS store.\n\nTo reject connections without SNI instead, enable `sniStrict` in the TLS options.',
);
/** A section of the same page whose code names more of the question: certificates in a store. */
const STORES = tlsSection(
  'Certificates Stores',
  'certificates-stores',
  'The certificates a client is served are grouped in certificate stores; a list of stores sets where ' +
    'each certificate is stored:\n\n```yaml\ntls:\n  certificates:\n    - certFile: /path/to/domain.cert\n' +
    '      keyFile: /path/to/domain.key\n      stores:\n        - default\n```',
);
/** The section the link points to, which gives the setting. */
const DEFAULT = tlsSection(
  'Default Certificate',
  'default-certificate',
  'The proxy can use a default certificate for connections without a SNI, or without a matching ' +
    'domain:\n\n```yaml\ntls:\n  stores:\n    default:\n      defaultCertificate:\n' +
    '        certFile: path/to/cert.crt\n        keyFile: path/to/cert.key\n```',
);
const OPTIONS = passage(
  'tls-options',
  'TLS Options › Strict SNI Checking',
  'With strict SNI checking enabled, the proxy does not allow connections from clients that do not ' +
    'send a SNI:\n\n```yaml\ntls:\n  options:\n    default:\n      sniStrict: true\n```',
);

describe('a how-do-I whose best sentence links to another part of its own page', () => {
  it('quotes the linked section as the command, not the page section naming more of the question', async () => {
    const { text } = await askExtractive(
      'How do I set the certificate the proxy serves when a client sends no SNI?',
      pageSearcher([STRICT, OPTIONS], [STRICT, STORES, DEFAULT]),
    );
    expect(text).toContain('defaultCertificate');
  });

  it('does not follow an in-page link that a sentence gives in passing', async () => {
    const passing = tlsSection(
      'Certificate selection › Strict SNI Checking',
      'strict-sni-checking',
      'See the [default certificate](https://docs.example/tls/#default-certificate) too.\n\n' +
        'By default, if the client does not send SNI, or if no certificate matches the requested ' +
        'server name, the proxy serves a certificate from the TLS store.',
    );
    const { text } = await askExtractive(
      'How do I set the certificate the proxy serves when a client sends no SNI?',
      pageSearcher([passing, OPTIONS], [passing, STORES, DEFAULT]),
    );
    expect(text).not.toContain('defaultCertificate');
  });
});
