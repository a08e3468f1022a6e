import { NOT_FOUND_ANSWER } from './answer-types';
import { answerTo, passage, rankedSection as section } from './testing/page-searcher';

/** What a search of a Redis docs site finds for a question about a web server. */
const REDIS = [
  section(
    'Client-side caching',
    'Push notifications',
    'Enable tracking to have the server push invalidation messages to the client (over RESP3, not HTTP/2).',
    0,
  ),
  section(
    'Persistence',
    'Append-only file',
    'You can enable the AOF in your configuration file:\n\n```\nappendonly yes\n```',
    1,
  ),
  section(
    'LPUSH',
    'LPUSH',
    'Push one or more elements to the head of a list stored at key on the server.',
    2,
  ),
  section('HTTP', 'Redis over HTTP', 'Redis speaks RESP over TCP, not HTTP; put a proxy in front of it.', 3),
];

/** What a search of docqa's docs finds for a question worded unlike them. */
const TOKENS = [
  section(
    'Tokens, tenants and security',
    'Widget tokens',
    "The widget's token is visible in your page's source, so a widget token is limited:\n\n" +
      '```bash\ndocqa tokens create --tenant acme --widget --origin https://docs.acme.com\n```\n\n' +
      '- It works only from its origins: browsers on any other site are refused.',
    0,
  ),
  section('Administration portal', 'Tokens', 'The tenant’s API and widget tokens, with their origins.', 1),
  section('The chat widget', 'Settings', 'The widget reads `window.ASSISTANT_WIDGET` on your docs pages.', 2),
  section(
    'The chat widget',
    'Troubleshooting',
    'The widget is not allowed: add the page origin to its token.',
    3,
  ),
  section('Command line', 'tokens', '`tokens create --widget` makes a widget token.', 4),
  section('Operations', 'Docs site', 'Serve the docs from any web server.', 5),
];

/** What a search of a reverse proxy's docs finds for it: one row names Nginx, about something else. */
const PROXY = [
  section(
    'Metrics',
    'Options',
    '- `metrics.statsD.pushInterval`: the interval to push metrics to the server.\n' +
      '- `metrics.addInternals`: enable metrics for internal HTTP resources.',
    0,
  ),
  section(
    'Access logs',
    'Fields',
    '- `RouterName`: the router of the HTTP request.\n' +
      '- `KubernetesIngressName`: only with the Kubernetes Ingress Nginx provider.',
    1,
  ),
  section('Entry points', 'HTTP/2', 'Enable HTTP/2 on an entry point with `http2.maxConcurrentStreams`.', 2),
  section('Services', 'Servers', 'Each server of a service receives HTTP requests.', 3),
];

/** What a search of a static site generator's docs finds for it: a page on hosting with Nginx. */
const HOSTING = [
  section(
    'Custom 404 page',
    'Hosting on Nginx server',
    'To enable the custom 404 page on an Nginx server, add the error page to the server block of its default configuration (`/etc/nginx/sites-enabled/`), which it then serves over HTTP:\n\n```nginx\nserver {\n  error_page 404 /404.html;\n}\n```',
    0,
  ),
  section(
    'Deployment',
    'Automated',
    'Whenever you push to the branch, the server builds and deploys the site.',
    1,
  ),
  section('Continuous integration', 'How it works', 'Each push runs the build on the CI server.', 2),
];

/** What a search of a sync tool's docs finds for unmounting: one section names the system asked about. */
const MOUNT = [
  section(
    'rclone mount',
    'Options',
    'Options of the mount: `--daemon` runs the mount in the background, and the mount is unmounted when rclone stops.',
    0,
  ),
  section(
    'rclone mount',
    'Synopsis',
    'On Linux, unmount with:\n\n```\nfusermount -u /path/to/local/mount\n```',
    1,
  ),
  section('Conversions', 'Mount points', 'A mount point is a folder where the remote shows up.', 2),
  section('Install', 'Linux', 'Install rclone on Linux with the script.', 3),
];

/**
 * What a search of docqa's docs finds for turning off the widget's feedback buttons, which they do
 * not say how to do: the buttons' labels, the buttons, and "turn off" of something else.
 */
const FEEDBACK = [
  section(
    'The chat widget',
    'Options',
    "Labels of the widget's buttons: `RATE_UP` (Good answer), `RATE_DOWN` (Bad answer) and " +
      '`FEEDBACK_THANKS` (Thanks for the feedback.), shown after the feedback buttons.',
    0,
  ),
  section(
    'The chat widget',
    'Answers',
    '- **Feedback.** The widget shows thumbs up and thumbs down buttons under each answer.',
    1,
  ),
  section(
    'Answers and models',
    'Follow-up questions',
    'To turn off follow-up rewriting, ask with `history` empty: each question stands alone.',
    2,
  ),
  section('Insights', 'Ratings', 'Ratings sent from the widget are counted per day.', 3),
];

describe('"not covered"', () => {
  it('declines a question whose name only a section about something else holds', async () => {
    expect(await answerTo('How do I enable HTTP/2 server push in Nginx?', PROXY)).toBe(NOT_FOUND_ANSWER);
  });

  it('declines a question naming a version of a protocol the docs never write, beside its name they do', async () => {
    // "HTTP/2" is a protocol of its own: a page on Nginx that speaks HTTP does not cover it.
    expect(await answerTo('How do I enable HTTP/2 server push in Nginx?', HOSTING)).toBe(NOT_FOUND_ANSWER);
    const text = await answerTo('How do I enable HTTP/2 on an entry point?', PROXY);
    expect(text).toContain('http2.maxConcurrentStreams');
  });

  it('answers a question whose name a few sections hold when the answering one does', async () => {
    const text = await answerTo('Which fields name the Kubernetes Ingress in access logs?', PROXY);
    expect(text).toContain('KubernetesIngressName');
  });

  it('declines an off-topic question that shares words with the docs, naming what they never mention', async () => {
    expect(await answerTo('How do I enable HTTP/2 server push in Nginx?', REDIS)).toBe(NOT_FOUND_ANSWER);
  });

  it('answers a covered question worded with words the docs do not use', async () => {
    const text = await answerTo('How can I restrict a widget token to my docs domain?', TOKENS);
    expect(text).toContain('--widget --origin');
  });

  it('quotes first the section that holds the name asked about when the best-ranked one does not', async () => {
    const text = await answerTo('How do I unmount the mount on Linux?', MOUNT);
    expect(text.startsWith('On Linux, unmount with')).toBe(true);
    expect(text).toContain('fusermount -u');
  });

  it('declines a question whose name half the sections hold, none of them the one that answers', async () => {
    const docs = [
      section(
        'Migrate',
        'Pandoc',
        'Pandoc converts a docx or Markdown file to AsciiDoc:\n\n```\npandoc -t asciidoctor in.docx\n```',
        0,
      ),
      section('Converters', 'LaTeX', 'A LaTeX converter is not built in.', 1),
      section('Backends', 'PDF', 'Asciidoctor PDF writes PDF without LaTeX.', 2),
      section('Convert', 'Markdown', 'Markdown files are not converted.', 3),
    ];
    expect(await answerTo('How do I convert Markdown to LaTeX with Pandoc?', docs)).toBe(NOT_FOUND_ANSWER);
  });

  it('answers a question naming the platform asked "on", which the page words otherwise', async () => {
    const docs = [
      section(
        'Installation',
        'Using a standalone script',
        'On POSIX systems, install pnpm with the standalone script:\n\n```sh\ncurl -fsSL https://get.pnpm.io/install.sh | sh -\n```',
        0,
      ),
      section('Installation', 'Prerequisites', 'Install Node.js first to install pnpm.', 1),
    ];
    const text = await answerTo('How do I install pnpm with the standalone script on Linux?', docs);
    expect(text).toContain('install.sh | sh -');
    // A name asked "in", "with", "to" is what the question is about: still declined (above).
    expect(await answerTo('How do I install pnpm with the standalone script in Nginx?', docs)).toBe(
      NOT_FOUND_ANSWER,
    );
  });

  it('does not ask the answering section for the name the question writes after "instead of"', async () => {
    const docs = [
      section(
        'Generate DocBook',
        'Generate DocBook',
        'To generate DocBook, set the backend:\n\n```\nasciidoctor -b docbook document.adoc\n```',
        0,
      ),
      section(
        'Generate HTML',
        'Generate HTML',
        'Generate HTML with the default converter:\n\n```\nasciidoctor document.adoc\n```',
        1,
      ),
      section('Install', 'Gem', 'Install the gem to use the converter.', 2),
      section('Safe modes', 'Secure', 'The secure mode forbids reading files outside the folder.', 3),
    ];
    const text = await answerTo('How do I generate DocBook instead of HTML?', docs);
    expect(text.startsWith('To generate DocBook')).toBe(true);
    // Asked as what is wanted, HTML still leads to its own section.
    expect(await answerTo('How do I generate HTML instead of DocBook?', docs)).toMatch(/^Generate HTML/);
  });

  it('answers from a lower-ranked section holding the name few sections hold', async () => {
    const docs = [
      section(
        'pnpm install',
        'Install dependencies without updating the lockfile',
        'To install dependencies without updating the lockfile, install only the dependencies you need:\n\n```sh\npnpm install --filter app\n```',
        0,
      ),
      section(
        'pnpm install',
        '--frozen-lockfile',
        'In CI, install dependencies without updating the lockfile:\n\n```sh\npnpm install --frozen-lockfile\n```',
        1,
      ),
      section('pnpm update', 'Options', 'Update dependencies and the lockfile.', 2),
    ];
    const text = await answerTo('How do I install dependencies without updating the lockfile in CI?', docs);
    // Named first: its opening does not write the option its heading is (see `quotePassage`).
    expect(text.startsWith('`--frozen-lockfile` [1]:\n\nIn CI, install dependencies')).toBe(true);
  });

  it('declines a question whose best section holds only its name, weakly', async () => {
    const docs = [
      section(
        'Plugins',
        'Install plugins',
        'Plugins for frameworks, such as `pytest-django` for Django projects, install with pip:\n\n```\npip install pytest-django\n```',
        0,
      ),
      section('Output', 'Creating JUnitXML files', 'Create report files that CI servers read.', 1),
      section(
        'Get Started',
        'Create your first test',
        'Create a file named `test_sample.py` with a function.',
        2,
      ),
      section('Fixtures', 'Factories as fixtures', 'A fixture can create the data a test needs.', 3),
      section('Temporary files', 'The tmp_path fixture', 'Create files in a temporary directory.', 4),
      section('Output', 'Pastebin', 'Create a URL for each failure with `--pastebin`.', 5),
    ];
    expect(await answerTo('How do I create a Django superuser?', docs)).toBe(NOT_FOUND_ANSWER);
  });

  it('quotes beside the section about the name asked a runner-up about it too, not one that lacks it', async () => {
    const docs = [
      section(
        'Ambient Mode',
        'Changing the settings for Ambient Mode',
        'In the Ambient Mode browser screen, you can change the Ambient Mode settings and the content it shows.',
        0,
      ),
      section(
        'Game Mode details',
        'Configuring game mode details',
        'Settings › General › Game Mode Settings › Game Motion Plus: change how the Game Mode smooths motion.',
        1,
      ),
      section(
        'Ambient Mode details',
        'Setting up the Ambient Mode details',
        'Change the Ambient Mode settings: brightness, colour tone and the Ambient Mode off timer.',
        2,
      ),
      section(
        'Game Mode',
        'Playing games on an optimized screen',
        'Settings › General › Game Mode Settings › Game Mode: turn on the Game Mode to change the settings for a games console.',
        3,
      ),
    ];
    const text = await answerTo('I want to change Game Mode settings. How to do this?', docs);
    expect(text).toContain('Game Motion Plus');
    expect(text).toContain('for a games console');
    expect(text).not.toContain('Ambient');
  });

  it('declines a question to turn off a thing when no section with its words says how', async () => {
    expect(await answerTo("How do I turn off the widget's feedback buttons?", FEEDBACK)).toBe(
      NOT_FOUND_ANSWER,
    );
  });

  it('answers a question to turn off a thing from the setting that does it, in other words', async () => {
    const docs = [
      ...FEEDBACK.slice(0, 3),
      section(
        'The chat widget',
        'Ratings',
        "Hide the widget's feedback buttons on pages that do not collect ratings:\n\n" +
          '```js\nwindow.ASSISTANT_WIDGET = {\n  feedback: false,\n};\n```',
        3,
      ),
    ];
    const text = await answerTo("How do I turn off the widget's feedback buttons?", docs);
    expect(text).toContain('feedback: false');
  });

  it('answers a question to turn off a thing from a sentence that gives its setting the value', async () => {
    const docs = [
      section(
        'Operations',
        'Processes',
        'On one machine, the API and the workers share its cores. A worker therefore lowers its CPU ' +
          "priority at start to `WORKER_NICE` (Unix niceness, `10` by default; `0` runs it at the API's " +
          'priority), every thread of it.',
        0,
      ),
      FEEDBACK[2]!,
      section('Operations', 'Shutting down', 'A worker stops taking jobs on SIGTERM.', 2),
    ];
    const text = await answerTo("How do I turn off the worker's lower CPU priority?", docs);
    expect(text).toContain('`0` runs it');
  });

  it('answers a question to turn on a thing from the list of its setting’s values, the section’s opening saying what it does', async () => {
    // What a search of Cargo's book finds: a command's options that hold the question's words, and
    // the profile setting whose values list turns it on, in words only its opening holds.
    const docs = [
      section(
        'cargo-build(1)',
        'OPTIONS › Compilation Options',
        '`--release`: Build optimized artifacts with the `release` profile.',
        0,
      ),
      section(
        'Profiles',
        'Profile settings › lto',
        "The `lto` setting controls `rustc`'s `-C lto` option, which controls LLVM's link time " +
          'optimizations.\n\nThe valid options are:\n\n' +
          '* `true` or `"fat"`: Performs "fat" LTO across all crates of the dependency graph.\n' +
          '* `"thin"`: Performs "thin" LTO, in substantially less time.\n' +
          '* `"off"`: Disables LTO.',
        1,
      ),
      section(
        'Configuration',
        'term.color',
        'Turn colored output on or off: `auto`, `always` or `never`.',
        2,
      ),
    ];
    const text = await answerTo('How do I turn on link-time optimization for release builds?', docs);
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('`true` or `"fat"`');
  });

  it('answers a question to turn off a thing from the section that says "disable" beside a changelog that says "turned off"', async () => {
    // What a search of a Jekyll theme's docs finds: its changelog holds the question's words, its
    // search page's setting, ranked first, says "disable" in a comment, never "turn off".
    const docs = [
      section(
        'Search',
        'Enable search in configuration',
        "In your site's `_config.yml`, enable search:\n\n" +
          '```yaml\n# Enable or disable the site search\n# Supports true (default) or false\nsearch_enabled: true\n```',
        0,
      ),
      section(
        'CHANGELOG',
        'v0.2.2',
        '- Addresses some issues with search in #46\n' +
          "- Option to hide TOC on parent pages if turned off in page's YAML front matter #30\n" +
          "- Option to suppress an item from being indexed by search if present in page's YAML front matter #32",
        1,
      ),
      section(
        'Customization',
        'Custom Search Placeholder',
        'Set the placeholder text of the site search box.',
        2,
      ),
      section(
        'Navigation',
        'Main navigation',
        'The site lists its pages beside the search box of the site.',
        3,
      ),
      section('Layout', 'Header', 'The header of the site holds its title and the search input.', 4),
    ];
    expect(await answerTo('How do I turn off the site search?', docs)).toContain('search_enabled: true');
  });

  it('does not take a value written about another thing for the switch asked', async () => {
    const options = section(
      'The chat widget',
      'Options',
      `${FEEDBACK[0]!.text}\n\nWith \`popup: false\` the widget renders in its container.`,
      0,
    );
    const docs = [options, ...FEEDBACK.slice(1)];
    expect(await answerTo("How do I turn off the widget's feedback buttons?", docs)).toBe(NOT_FOUND_ANSWER);
  });

  it('answers a question that says how much of a thing or when, words its docs do not write', async () => {
    // What a search of a reverse proxy's docs finds for it, in its order: the middleware that
    // answers, its neighbours' openings, its opening and its example.
    const replace = 'Traefik ReplacePath Documentation';
    const regex = 'Traefik ReplacePathRegex Documentation';
    const docs = [
      section(
        replace,
        'Configuration Options',
        '| Field | Description |\n|:--|:--|\n' +
          '| `path` | The `path` option defines the path to use as replacement in the request URL. |',
        0,
      ),
      section(
        'Traefik AddPrefix Documentation',
        'AddPrefix',
        'The `addPrefix` middleware updates the path of a request before forwarding it.',
        1,
      ),
      section(
        regex,
        'ReplacePathRegex',
        'The `replacePathRegex` middleware will:\n\n- Replace the matching path with the specified one.\n' +
          '- Store the original path in an `X-Replaced-Path` header',
        2,
      ),
      section(
        replace,
        'ReplacePath',
        'The `replacePath` middleware will:\n\n- Replace the actual path with the specified one.\n' +
          '- Store the original path in a `X-Replaced-Path` header',
        3,
      ),
      section(
        replace,
        'Configuration Examples',
        '```yaml\n# Replace the path with /foo\nhttp:\n  middlewares:\n    test-replacepath:\n' +
          '      replacePath:\n        path: "/foo"\n```',
        4,
      ),
      section(
        regex,
        'Configuration Examples',
        '```yaml\n# Replace path with regex\nhttp:\n  middlewares:\n    test-replacepathregex:\n' +
          '      replacePathRegex:\n        regex: "^/foo/(.*)"\n        replacement: "/bar/$1"\n```',
        5,
      ),
    ];
    const text = await answerTo('How do I replace the whole request path before it is forwarded?', docs);
    expect(text).toContain('replacement in the request URL');
    expect(text).toContain('replacePath:');
  });

  it("quotes the section headed by the name asked over its page's opening that lists it", async () => {
    const title = 'Add the widget to your docs site';
    const page = [
      passage(
        'sites.md',
        title,
        'The widget needs its settings and its script on every page: the recipes below add the widget ' +
          'to a site of each generator (Docusaurus, Hugo, Starlight).',
        title,
      ),
      passage(
        'sites.md',
        `${title} › Starlight`,
        "Add the widget's script to the `head` option of `starlight()` in `astro.config.mjs` on your site.",
        title,
      ),
      passage('sites.md', `${title} › Hugo`, 'Add the widget in a partial of your Hugo site.', title),
    ];
    const text = await answerTo('How do I add the widget to my Starlight site?', page);
    expect(text.startsWith("Add the widget's script to the `head` option")).toBe(true);
  });
});
