import { askedTabs } from './asked-tab';
import { units } from './section-passage';
import { nameTerms, terms } from './text';

/** A section of a proxy's API page: two steps, each with its tab set of one setting's syntax. */
const DASHBOARD = [
  'Enable the dashboard:',
  '**File (YAML)**:\n\n```yaml\napi: {}\n```',
  '**File (TOML)**:\n\n```toml\n[api]\n```',
  '**CLI**:\n\n```cli\n--api=true\n```',
  'Expose the dashboard:',
  '**Kubernetes CRD**:\n\n```yaml\napiVersion: traefik.io/v1alpha1\nkind: IngressRoute\n```',
  '**Docker**:\n\n```yaml\nlabels:\n  - "traefik.http.routers.dashboard.service=api@internal"\n```',
].join('\n\n');

const texts = (question: string) =>
  askedTabs(units(DASHBOARD), nameTerms(question)).map((u) => u.text.split('\n')[0]);

describe('askedTabs', () => {
  it('keeps the tabs whose labels the question names, each step’s', () => {
    expect(texts('How do I enable and expose the dashboard in TOML?')).toEqual([
      'Enable the dashboard:',
      '**File (TOML)**:',
      '```toml',
      'Expose the dashboard:',
    ]);
    expect(texts('How do I expose the dashboard with Docker?')).toEqual([
      'Enable the dashboard:',
      'Expose the dashboard:',
      '**Docker**:',
      '```yaml',
    ]);
  });

  it('keeps every tab when the question names none of them, or all', () => {
    expect(texts('How do I expose the dashboard?')).toHaveLength(units(DASHBOARD).length);
    // "file" is not a name: a question about files does not ask for the File tabs.
    expect(texts('How do I write the dashboard to a file?')).toHaveLength(units(DASHBOARD).length);
  });

  it('keeps a tab whose whole label the question writes in lower case (a package manager)', () => {
    const install = [
      'First, install Prettier locally:',
      '**npm**:\n\n```bash\nnpm install --save-dev --save-exact prettier\n```',
      '**yarn**:\n\n```bash\nyarn add --dev --exact prettier\n```',
      '**pnpm**:\n\n```bash\npnpm add --save-dev --save-exact prettier\n```',
    ].join('\n\n');
    const question = 'How do I add Prettier to my project with npm?';
    const kept = askedTabs(units(install), nameTerms(question), new Set(terms(question)));
    expect(kept.map((u) => u.text.split('\n')[0])).toEqual([
      'First, install Prettier locally:',
      '**npm**:',
      '```bash',
    ]);
    // A question that writes no label keeps them all.
    const any = 'How do I add Prettier to my project?';
    expect(askedTabs(units(install), nameTerms(any), new Set(terms(any)))).toHaveLength(
      units(install).length,
    );
  });
});
