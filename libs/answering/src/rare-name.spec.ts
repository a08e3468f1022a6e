import { answerTo, rankedSection as section } from './testing/page-searcher';

describe('a name few retrieved sections or pages hold', () => {
  it('quotes first the page of the name asked when all its sections hold it and another page does not', async () => {
    const docs = [
      section(
        'TLS options',
        'Client authentication',
        'To require clients to send a certificate signed by a CA for their requests, set the client auth type:\n\n```yaml\nclientAuth:\n  clientAuthType: RequireAndVerifyClientCert\n```',
        0,
      ),
      section(
        'HMAC',
        'Options',
        '`keys`: the shared secret keys the HMAC middleware checks, which clients sign requests with.',
        1,
      ),
      section('HMAC', 'Mechanism', 'The HMAC signature is computed over the request.', 2),
      section('HMAC', 'Example', 'Enable HMAC:\n\n```yaml\nhmac:\n  keys:\n    - id: secret-key\n```', 3),
    ];
    const text = await answerTo(
      'How do I require clients to sign their requests with a shared HMAC secret?',
      docs,
    );
    expect(text).toMatch(/^`keys`: the shared secret keys the HMAC middleware/);
  });

  it('quotes first the section that holds the name when few sections do, though most pages do', async () => {
    const docs = [
      section(
        'API',
        'When to use the API',
        'To convert an old document written for the processor with the API, it is loaded, then converted to the output format.',
        0,
      ),
      section(
        'Migrate',
        'Compatibility',
        'Content of the old Python processor needs compat mode:\n\n```console\n$ asciidoctor -a compat-mode document.adoc\n```',
        1,
      ),
      section('Migrate', 'Extract text', 'The old processor converted a document to plain text.', 2),
      section('Migrate', 'Attributes', 'Some document attributes of the old processor were renamed.', 3),
      section('Overview', 'What is it?', 'It began as a rewrite of a Python tool.', 4),
      section('Overview', 'Ecosystem', 'Converters for a document exist in many languages.', 5),
    ];
    const text = await answerTo('How do I convert a document written for the old Python processor?', docs);
    expect(text).toMatch(/^Content of the old Python processor needs compat mode/);
  });
});
