import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { labelQualifiers, qualifierNames } from './qualifier-names';
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

/** What a search of a proxy's docs finds for a per-router setting given in Docker labels. */
const PER_ROUTER = [
  passage(
    'observe/metrics.md',
    'Metrics › Per-Router Metrics',
    'You can enable or disable metrics collection for a specific router.\n\n' +
      "Here's an example of disabling metrics on a specific router:\n\n" +
      '**Structured (YAML)**:\n\n```yaml\nhttp:\n  routers:\n    my-router:\n      observability:\n' +
      '        metrics: false\n```\n\n**Structured (TOML)**:\n\n```toml\n' +
      '[http.routers.my-router.observability]\n  metrics = false\n```\n\n**Labels**:\n\n```bash\n' +
      'labels:\n  - "traefik.http.routers.my-router.observability.metrics=false"\n```',
    'Metrics',
  ),
  passage(
    'providers/docker.md',
    'Traefik & Docker › Configuration Options › General',
    'Traefik reads the labels of your Docker containers to create routers and services. A ' +
      'container whose labels define no router gets one by default.',
    'Traefik & Docker',
  ),
  passage(
    'providers/docker.md',
    'Traefik & Docker › Configuration Options › TCP',
    'TCP routers and services are created from the labels of Docker containers too.',
    'Traefik & Docker',
  ),
];

describe('a name that says which tab of a setting is meant', () => {
  it('does not decline a setting whose page shows a Labels tab ("Docker labels")', async () => {
    const { text } = await askExtractive(
      'How do I turn off metrics for one router with Docker labels?',
      pageSearcher(PER_ROUTER),
    );
    expect(text).toContain('observability.metrics=false');
  });

  it('is a run of names right before a word a code label holds, nothing else', () => {
    const passages = sectionPassages(
      [{ passages: PER_ROUTER }],
      new Map(PER_ROUTER.map((r, i) => [r.chunk_id, i])),
    );
    const names = new Set(['docker', 'swarm']);
    const of = (q: string) => labelQualifiers(terms(q), names, passages);
    expect(of('expose it with Docker Swarm labels')).toEqual(new Set(['docker', 'swarm']));
    // Followed by a word no label holds, or by none: what is asked.
    expect(of('attach it to Docker networks').size).toBe(0);
    expect(of('labels for Docker').size).toBe(0);
  });
});
