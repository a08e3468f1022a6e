import type { SearchResult } from '@docqa/contracts';
import {
  isOverview,
  MIN_COVERAGE,
  rankSections,
  saysWhole,
  termWeights,
  type TermWeights,
} from './passage-choice';
import { chooseWindow } from './passage-window';
import { questionIntent } from './question-intent';
import { units, type SectionPassage } from './section-passage';
import { isCodeLabel } from './command-unit';
import { sectionPage } from './testing/page-searcher';
import { nameTerms, terms } from './text';

/** A section of one long page, as {@link chooseWindow} receives it. */
function section(markdown: string): SectionPassage {
  return {
    doc: 0,
    section: 'Usage › Specifying which tests to run',
    headingTerms: new Set(terms('Usage Specifying which tests to run')),
    sectionTerms: new Set(terms('Specifying which tests to run')),
    headingPairs: new Set(),
    joinedPairs: new Set(),
    describedTerms: new Set(),
    ownJoinedPairs: new Set(),
    rank: 0,
    chunk: { title: 'Usage' } as SearchResult,
    units: units(markdown),
  };
}

const filler = (topic: string) =>
  Array.from(
    { length: 6 },
    (_, i) => `Sentence ${i} about ${topic} fills this paragraph with ordinary words.`,
  ).join(' ');

const PAGE = [
  filler('modules'),
  '**Run tests by keyword expressions**',
  '```bash\npytest -k "MyClass and not method"\n```',
  'This will run tests whose names match the given string expression, which can include Python operators.',
  filler('node ids'),
  filler('markers'),
].join('\n\n');

const weights = (question: string): TermWeights => new Map(terms(question).map((t) => [t, 1]));

/** The section `rankSections` puts first for a how-do-I question, weighed as the answerer weighs it. */
const bestForHow = (question: string, passages: SectionPassage[]) =>
  rankSections(passages, termWeights(terms(question), passages), 'how', questionIntent(question))[0]!.passage;

describe('chooseWindow', () => {
  it('takes the command beside the best sentence of a how-do-I answer, though it holds none of the question’s words', () => {
    const quoted = chooseWindow(section(PAGE), weights('run only tests whose names match an expression'), {
      maxWords: 60,
      targetWords: 40,
      kind: 'how',
    });
    expect(quoted.map((u) => u.text)).toContain('```bash\npytest -k "MyClass and not method"\n```');
  });

  it('starts a which-question’s window at the list of a section whose heading names what is asked', () => {
    const options = {
      ...section(
        [
          '| Option | Meaning |\n|---|---|\n| `api_url` | The API address |\n| `api_token` | A widget token |',
          'A widget token’s own filters are added by the server on top of the widget’s options.',
          filler('labels'),
          filler('languages'),
        ].join('\n\n'),
      ),
      sectionTerms: new Set(terms('Options')),
    };
    const quoted = chooseWindow(options, weights('which options widget'), {
      maxWords: 40,
      targetWords: 30,
      kind: 'which',
    });
    expect(quoted[0]!.text).toContain('`api_url`');
  });

  it('quotes a list item with its list’s lead-in and the items before it, when they fit', () => {
    const plugins = section(
      [
        filler('system state'),
        'Rerunning failed tests gives them more chances to pass. Several plugins support this:',
        '- [pytest-rerunfailures](https://example.org/rerunfailures)\n' +
          '- [pytest-replay](https://example.org/replay): This plugin reproduces flaky tests seen in CI.\n' +
          '- [pytest-flakefinder](https://example.org/flakefinder)',
        filler('quarantine'),
      ].join('\n\n'),
    );
    plugins.sectionTerms = new Set(terms('Related features'));
    const quoted = chooseWindow(plugins, weights('is there a plugin that reruns flaky tests'), {
      maxWords: 60,
      targetWords: 30,
      kind: 'how',
    });
    const texts = quoted.map((u) => u.text);
    expect(texts).toContain('Several plugins support this:');
    expect(texts).toContain('- [pytest-rerunfailures](https://example.org/rerunfailures)');
    expect(texts.some((t) => t.includes('pytest-replay'))).toBe(true);
  });

  it('starts a how-do-I window at the command that first names the question’s word, past the opening', () => {
    const page = [
      'By default, the converter writes the output file next to the input file.',
      filler('output files'),
      filler('output names'),
      'Or write it to another folder:',
      '```\n$ asciidoctor -D build mydoc.adoc\n```',
      filler('piping'),
    ].join('\n\n');
    const output = {
      ...section(page),
      headingTerms: new Set(terms('Specify an Output File')),
      sectionTerms: new Set(terms('Specify an Output File')),
    };
    const quoted = chooseWindow(
      output,
      new Map([
        ['writ', 0.8],
        ['output', 0.7],
        ['fil', 0.7],
        ['build', 1.3],
        ['directory', 0.8],
      ]),
      { maxWords: 60, targetWords: 40, kind: 'how' },
    );
    expect(quoted.map((u) => u.text)).toContain('```\n$ asciidoctor -D build mydoc.adoc\n```');
    expect(quoted.map((u) => u.text)).toContain('Or write it to another folder:');
  });

  it('grows a window by the question’s words alone for other questions', () => {
    const quoted = chooseWindow(section(PAGE), weights('tests names match expression node ids'), {
      maxWords: 60,
      targetWords: 40,
      kind: 'what',
    });
    expect(quoted.some((u) => u.kind === 'code')).toBe(false);
  });
});

describe('rankSections', () => {
  const page = (title: string, heading: string, markdown: string, rank: number) =>
    sectionPage(title, heading, markdown, rank, heading);

  it('finds the words of a question in a page and an option named by a compound (BasicAuth, basicAuth)', () => {
    const question = 'How do I protect a router with basic auth?';
    const other = page(
      'ForwardAuth',
      'Configuration Example',
      'Delegate the authentication to an external service:\n\n```yaml\nforwardAuth:\n  address: https://example.com/auth\n```',
      0,
    );
    const gold = page(
      'BasicAuth',
      'Configuration Example',
      '```yaml\nhttp:\n  middlewares:\n    test-auth:\n      basicAuth:\n        users:\n          - "test:$apr1$H6uskkkW$IgXLP6ewTrSuBkTrqE8wj/"\n```',
      1,
    );
    const passages = [other, gold];
    expect(bestForHow(question, passages)).toBe(gold);
  });

  it('finds a symbol a question names in words in the section that gives it ("a tilde", `~`)', () => {
    const question = 'How do I save dependencies with a tilde instead of a caret?';
    const other = page(
      'pnpm add',
      '--save-exact, -E',
      'Saved dependencies will be configured with an exact version rather than using the default semver range operator.',
      0,
    );
    const gold = page(
      'Other Settings',
      'savePrefix',
      "* Default: **'^'**\n* Type: **'^'**, **'~'**\n\nConfigure how versions of packages installed to a `package.json` file get prefixed: `pnpm config set save-prefix='~'`.",
      1,
    );
    const passages = [other, gold];
    expect(bestForHow(question, passages)).toBe(gold);
  });

  it('holds a question’s verb in a section headed by its noun ("install" in "Installation")', () => {
    // vercel/swr-site, content/docs: the devtools page "can install" beside the Installation section.
    const question = 'How do I install SWR?';
    const devtools = page(
      'Devtools',
      'Devtools',
      'SWRDevTools is a developer tool for SWR. You can install SWR DevTools from the extension pages and use it with zero settings!',
      1,
    );
    const gold = page(
      'Getting Started',
      'Installation',
      'Inside your React project directory, run the following:\n\n```bash\nnpm i swr\n```',
      0,
    );
    const passages = [devtools, gold];
    const ranked = rankSections(
      passages,
      termWeights(terms(question), passages),
      'how',
      questionIntent(question),
    );
    expect(ranked[0]!.passage).toBe(gold);
    expect(ranked[0]!.coverage).toBe(1);
  });

  it('holds a question’s noun in "-ion" in a section headed by its adjective ("Conditional")', () => {
    // vercel/swr-site, content/docs: "Conditional" writes "conditionally", never "condition".
    const question = 'How do I only fetch when a condition is true?';
    const mount = page(
      'Automatic Revalidation',
      'Revalidate on Mount',
      "A SWR hook mounts as:\n\n- First it checks if `revalidateOnMount` is defined. It starts request if it's true, stop if it's false.",
      0,
    );
    const gold = page(
      'Conditional Fetching',
      'Conditional',
      "Use `null` or pass a function as `key` to conditionally fetch data.\n\n```js\nconst { data } = useSWR(shouldFetch ? '/api/data' : null, fetcher)\n```",
      1,
    );
    expect(bestForHow(question, [mount, gold])).toBe(gold);
  });

  it('holds a question’s adjective in "-ful" in a section that writes its noun ("Success")', () => {
    // AgentOps-AI/agentops, docs/v2/concepts/traces.mdx: trace states write "Success", never "successful".
    const question = 'How do I end a trace myself and mark it as successful or failed?';
    const states = page(
      'Traces',
      'Trace States › Default Behavior',
      'If no end state is provided, the trace ends in success:\n\n```python\n' +
        'agentops.end_trace(trace_context, end_state="Success")\n```',
      0,
    );
    const ranked = rankSections(
      [states],
      termWeights(terms(question), [states]),
      'how',
      questionIntent(question),
    );
    expect(ranked[0]!.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE);
  });

  it('takes a list item whose lead names the option for its definition ("What does REDIS_PREFIX do?")', () => {
    const question = 'What does REDIS_PREFIX do?';
    const mentions = page(
      'Running in production',
      'Redis › When the store and Redis disagree',
      'They disagree when two installations share one Redis and `REDIS_PREFIX` with stores of their own.',
      1,
    );
    const settings = page(
      'Running in production',
      'Settings',
      '- `PORT`: where the API listens.\n- `REDIS_URL` and `REDIS_PREFIX`: the Redis it uses, and the prefix of every key it writes there.',
      0,
    );
    const passages = [mentions, settings];
    const ranked = rankSections(passages, termWeights(terms(question), passages), 'what');
    expect(ranked[0]!.passage).toBe(settings);
    expect(ranked[0]!.defines).toBe(true);
  });

  it('ranks a section that says the asked task whole over one headed by some of its words', () => {
    const question = 'How do I change the log level?';
    const headed = page(
      'Logging',
      'Changing the log format',
      'The log format is JSON lines by default. Set `LOG_FORMAT=pretty` for text while developing.',
      0,
    );
    const says = page(
      'Running in production',
      'Settings',
      'Each setting is read once at start-up. To change the log level, set `LOG_LEVEL` and restart.',
      1,
    );
    const passages = [headed, says];
    const ranked = rankSections(passages, termWeights(terms(question), passages), 'how');
    expect(saysWhole(says, terms('change log level'))).toBe(true);
    expect(saysWhole(headed, terms('change log level'))).toBe(false);
    expect(ranked[0]!.passage).toBe(says);
  });

  it('counts a tab’s label as a part of its code block, not as what the section says', () => {
    const question = 'How do I write the access logs to a file?';
    const tabs = page(
      'Logs and Access Logs',
      'Access Logs › OpenTelemetry',
      'To send the access logs with OpenTelemetry, set:\n\n**File (YAML)**:\n\n```yaml\nexperimental:\n  otlpLogs: true\n```',
      1,
    );
    const gold = page(
      'Logs and Access Logs',
      'Access Logs › Output',
      'Keep the access logs in a file:\n\n```yaml\naccessLog:\n  filePath: "/path/to/access.log"\n```',
      2,
    );
    expect(tabs.units.filter((_, i) => isCodeLabel(tabs.units, i)).map((u) => u.text)).toEqual([
      '**File (YAML)**:',
    ]);
    // A label that leads prose, not code, is what the section says.
    expect(isCodeLabel(units('**Note**:\n\nThe file is read once.'), 0)).toBe(false);
    // Its "File" taken for the question's "file", the section ranked above the one that answers.
    expect(bestForHow(question, [tabs, gold])).toBe(gold);
  });

  it('counts a name a tab’s label writes as prose, as the label says what its code is for', () => {
    const question = 'How do I expose the dashboard with Docker Swarm labels?';
    const guide = page(
      'API & Dashboard',
      'Configuration Example',
      'Expose the dashboard through a router on the Docker host:\n\n```yaml\napi:\n  dashboard: true\n```',
      1,
    );
    const tabs = page(
      '',
      '',
      '**Docker (Swarm)**:\n\n```yaml\ndeploy:\n  labels:\n    - "traefik.http.routers.dashboard.rule=Host(`traefik.example.com`)"\n' +
        '    - "traefik.http.routers.dashboard.service=api@internal"\n```\n\n**File (YAML)**:\n\n```yaml\nhttp:\n  routers:\n' +
        '    dashboard:\n      service: api@internal\n```',
      0,
    );
    const passages = [guide, tabs];
    const ranked = rankSections(
      passages,
      termWeights(terms(question), passages),
      'how',
      questionIntent(question),
      null,
      nameTerms(question),
    );
    expect(ranked[0]!.passage).toBe(tabs);
    // Without the question's names, "Swarm" in the label counts as code, and the guide leads.
    expect(bestForHow(question, passages)).toBe(guide);
  });

  it('ranks a section headed by a why-question under the one that does what a how-do-I asks', () => {
    const question = "How do I get Let's Encrypt certificates with the HTTP challenge?";
    const why = page(
      'FAQ',
      "FAQ › Why does Let's Encrypt wildcard certificate renewal with DNS challenge fail?",
      'It could be due to `CNAME` support. Try disabling it with:\n\n```shell\nLEGO_DISABLE_CNAME_SUPPORT=true\n```',
      0,
    );
    const how = page(
      'ACME',
      'The Different ACME Challenges › `httpChallenge`',
      "Use the `HTTP-01` challenge to generate and renew ACME certificates (Let's Encrypt) by provisioning an HTTP resource:\n\n```yaml\ncertificatesResolvers:\n  myresolver:\n    acme:\n      httpChallenge:\n        entryPoint: web\n```",
      1,
    );
    expect(bestForHow(question, [why, how])).toBe(how);
  });

  it("ranks a fix under a troubleshooting heading under the task's own page for a how-do-I", () => {
    const question = 'How do I install Redocly CLI?';
    const fix = page(
      '`preview`',
      '`preview` › Troubleshoot › Internal Server Error › Install Redocly CLI globally',
      'Install Redocly CLI globally to avoid cache-related issues:\n\n```bash\nnpm install -g @redocly/cli@latest\n```',
      2,
    );
    const task = page(
      'Install Redocly CLI',
      'Install Redocly CLI › Install locally',
      'To install Redocly CLI locally:\n\n1. Enter the following command:\n\n```bash\nnpm i @redocly/cli@latest\n```',
      3,
    );
    expect(bestForHow(question, [fix, task])).toBe(task);
    // Asked about the error, the fix is the answer.
    const trouble = 'Why does preview fail with an internal server error?';
    const passages = [fix, task];
    expect(rankSections(passages, termWeights(terms(trouble), passages), 'trouble')[0]!.passage).toBe(fix);
  });

  it("ranks an archived page's section under the same task's live page", () => {
    const question = 'How do I run Redis in a Docker container?';
    const at = (id: string, passage: SectionPassage) => ({
      ...passage,
      chunk: { title: passage.chunk.title, document_id: id } as SearchResult,
    });
    const text = (image: string) =>
      `To start Redis in a Docker container, run:\n\n\`\`\`bash\ndocker run -d --name redis -p 6379:6379 ${image}\n\`\`\``;
    const archived = at(
      'install/archive/install-stack/docker.md',
      page('Run Redis Stack on Docker', 'Getting started', text('redis/redis-stack-server:latest'), 0),
    );
    const live = at(
      'install/install-stack/docker.md',
      page('Docker', 'Install Docker', text('redis:latest'), 1),
    );
    expect(bestForHow(question, [archived, live])).toBe(live);
    expect(bestForHow(question, [{ ...archived, chunk: live.chunk }, live])).not.toBe(live);
  });

  it('ranks a page of one short sentence, a chapter overview, under the section that answers', () => {
    const question = 'How do I read the logs and metrics?';
    const overview = page('Observability', '', 'Read the logs and metrics of your installation.', 0);
    const answers = page(
      'Observability',
      'Where to look',
      'The API serves its metrics at `/metrics`. You read the logs with `docker logs api`.',
      1,
    );
    const passages = [overview, answers];
    const ranked = rankSections(passages, termWeights(terms(question), passages), 'how');
    expect(isOverview(overview)).toBe(true);
    expect(isOverview({ ...overview, section: 'Logs' })).toBe(false);
    expect(ranked[0]!.passage).toBe(answers);
  });

  it('ranks a folder index page under a page of its folder that holds the question', () => {
    const question = 'How do I turn on Rouge syntax highlighting?';
    const at = (passage: SectionPassage, id: string) => ({
      ...passage,
      chunk: { ...passage.chunk, document_id: id } as SearchResult,
    });
    const index = at(
      page(
        'Syntax Highlighting',
        'Syntax Highlighting › Built-in syntax highlighter adapters',
        'Asciidoctor turns on syntax highlighting with an adapter: Rouge, Pygments, CodeRay or highlight.js.',
        0,
      ),
      'syntax-highlighting/pages/index.adoc',
    );
    const rouge = at(
      page(
        'Rouge',
        'Rouge › Rouge attributes',
        'For syntax highlighting, set `source-highlighter` to `rouge`.',
        1,
      ),
      'syntax-highlighting/pages/rouge.adoc',
    );
    const best = (passages: SectionPassage[]) =>
      rankSections(passages, termWeights(terms(question), passages), 'how')[0]!.passage;
    expect(best([index, rouge])).toBe(rouge);
    // An index page with no page of its folder retrieved, or at a path that is no index, keeps its rank.
    expect(best([index, at(rouge, 'other/pages/rouge.adoc')])).toBe(index);
    expect(best([at(index, 'syntax-highlighting/pages/adapters.adoc'), rouge]).chunk.document_id).toBe(
      'syntax-highlighting/pages/adapters.adoc',
    );
  });
});

describe('termWeights', () => {
  it('weighs a word saying how much of a thing or when as little as a word that phrases it', () => {
    const passages = [
      section('The `replacePath` middleware replaces the path of the request URL.'),
      section('The `addPrefix` middleware adds a prefix to the path.'),
    ];
    const weights = termWeights(
      terms('How do I replace the whole request path before routing it?'),
      passages,
    );
    // Neither "whole" nor "routing" is held; only the one that names what is asked keeps its weight.
    expect(weights.get('whol')!).toBeLessThan(weights.get('rout')! / 2);
    expect(weights.get('befor')!).toBeCloseTo(weights.get('whol')!);
    expect(weights.get('replac')!).toBeGreaterThan(weights.get('whol')!);
  });

  it('weighs the words of the asker\'s case ("somewhere else", "one particular") as phrasing', () => {
    const passages = [
      section('The `tmp_path` fixture gives each test a unique temporary directory.'),
      section('Pass `--basetemp=mydir` to choose the base temporary directory.'),
    ];
    const weights = termWeights(
      terms('Where are the temporary directories, and can I move them somewhere else?'),
      passages,
    );
    // None of "move", "somewhere", "else" is held; only the plain word keeps its weight.
    expect(weights.get('somewher')!).toBeLessThan(weights.get('mov')! / 2);
    expect(weights.get('els')!).toBeCloseTo(weights.get('somewher')!);
    expect(weights.get('directori')!).toBeGreaterThan(weights.get('els')!);
  });

  it('weighs "make" of "make X do Y" as phrasing, as docs write what is done', () => {
    const passages = [section('Add `numpy` to `doctest_namespace` in a fixture.'), section('Run doctests.')];
    const weights = termWeights(terms('How do I make numpy available in my doctests?'), passages);
    expect(weights.get('mak')!).toBeLessThan(weights.get('availabl')! / 2);
  });
});
