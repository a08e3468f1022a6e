import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { qualifierNames } from './qualifier-names';
import { sectionPassages } from './section-passage';
import { terms } from './text';

/** What a search of a document processor's docs finds about front matter. */
const FRONT_MATTER = [
  passage(
    'skip-front-matter',
    'skip-front-matter attribute',
    'If the `skip-front-matter` attribute is set (e.g., `-a skip-front-matter`), the processor ' +
      'recognizes the front matter at the top of a file and consumes it before parsing the document.',
    'Skip Front Matter',
  ),
  passage(
    'preprocessor',
    'Preprocessor example',
    'A preprocessor can read the lines at the top of a file before the parser sees them.',
    'Preprocessor Extension',
  ),
];

/** What a search of a product's docs finds about sign-in. */
const SIGN_ON = [
  passage(
    'admin',
    'Single sign-on (OpenID Connect)',
    'Staff sign in with their work accounts through your identity provider: set `OIDC_ISSUER`.',
    'Administration',
  ),
  passage('tokens', 'API tokens', 'Tokens let scripts sign requests to the API.', 'Tokens'),
];

describe('a name that only says which kind of thing a how-do-I acts on', () => {
  it('does not decline a task the best section covers ("YAML front matter", "Skip Front Matter")', async () => {
    const { text } = await askExtractive(
      'How do I make the processor ignore YAML front matter at the top of a file?',
      pageSearcher(FRONT_MATTER),
    );
    expect(text).toContain('-a skip-front-matter');
  });

  it('still declines a question about the name itself ("Does it support SAML single sign-on?")', async () => {
    const { text } = await askExtractive(
      'Does the product support SAML single sign-on?',
      pageSearcher(SIGN_ON),
    );
    expect(text).toBe(NOT_FOUND_ANSWER);
  });

  it('is a name right before two words the best section heading writes in a row, nothing else', () => {
    const [best] = sectionPassages(
      [{ passages: [FRONT_MATTER[0]!] }],
      new Map([[FRONT_MATTER[0]!.chunk_id, 0]]),
    );
    const asked = (q: string) => terms(q);
    expect(qualifierNames(asked('ignore YAML front matter'), ['yaml'], best, 'how')).toEqual(
      new Set(['yaml']),
    );
    // Followed by one heading word only, or asked as another kind of question: the subject itself.
    expect(qualifierNames(asked('ignore YAML matter'), ['yaml'], best, 'how').size).toBe(0);
    expect(qualifierNames(asked('ignore YAML front matter'), ['yaml'], best, 'other').size).toBe(0);
  });
});
