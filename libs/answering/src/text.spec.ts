import { rankedChoice } from './ranked-choice';
import { passage } from './testing/page-searcher';
import { askedTerms, documentTerms, literalTokens, nameTerms, optionalSpellings, terms } from './text';

describe('terms', () => {
  it('gives a word and its inflections one term', () => {
    expect(new Set(terms('enable enabled enables enabling'))).toEqual(new Set(terms('enable')));
    expect(new Set(terms('test tests tested testing'))).toEqual(new Set(terms('test')));
  });

  it('keeps the "s" of a word that ends in "ss", as its inflections do', () => {
    // "pass" was "pas" while "passing", "passes" and "passed" were "pass": the question's "pass"
    // missed the section that writes "passing them to a test".
    expect(new Set(terms('pass passes passing passed'))).toEqual(new Set(['pass']));
    expect(new Set(terms('access accesses accessing accessed'))).toEqual(new Set(['access']));
    expect(new Set(terms('process processes'))).toEqual(new Set(['process']));
  });

  it("gives an irregular verb's past forms its base form's term", () => {
    // "the built site" asks what a section on "Build and preview" writes.
    expect(terms('preview the built site')).toEqual(terms('preview the build site'));
    expect(new Set(terms('overridden overrode override'))).toEqual(new Set(terms('override')));
    // "left" is as often a side: it stays.
    expect(terms('top left')).toEqual(['top', 'left']);
  });
});

describe('nameTerms and literalTokens', () => {
  it('take a name with its version after a slash as a name of its own', () => {
    expect(nameTerms('How do I enable HTTP/2 server push in Nginx?')).toEqual(
      new Set(['http', 'http2', 'nginx']),
    );
    // A dotted version beside a name is left to the name alone.
    expect(nameTerms('Does it run on Python 3.12?')).toEqual(new Set(['python']));
  });

  it('read a capitalised library name with its .js as the name, not as a file', () => {
    expect(literalTokens('How do I install Polly.JS?')).toEqual([]);
    expect(nameTerms('How do I install Polly.JS?')).toEqual(new Set(['polly']));
    expect(literalTokens('Where does coverage.js or config.js go?')).toEqual(['coverage.js', 'config.js']);
  });
});

describe('askedTerms', () => {
  const held = (written: string) => (term: string) => terms(written).includes(term);

  it('writes "log in" as the command a CLI names, where a verb stands and the docs name it', () => {
    // pnpm's page "pnpm login" with its `--scope` option, asked "How do I log in to a registry
    // for one scope only?": "log" was a word no section held, and the option was quoted nowhere.
    const login = held('pnpm login --scope <scope>');
    expect(askedTerms('How do I log in to a registry for one scope only?', login)).toContain('login');
    expect(askedTerms('How do I log in to a registry for one scope only?', login)).not.toContain('log');
    // A noun and a preposition: the access log, written in JSON.
    expect(askedTerms('How do I write the access log in JSON?', login)).toContain('log');
  });

  it('asks a word and its particle run together too, where a section holds that spelling', () => {
    // Redis: "replicaof 192.168.1.1 6379" configures a replica; both words stay asked.
    const asked = askedTerms(
      'How do I make a server a replica of another one?',
      held('replicaof 192.168.1.1 6379'),
    );
    expect(asked).toEqual(expect.arrayContaining(['replica', 'replicaof']));
    expect(askedTerms('How do I make a server a replica of another one?', held('A replica'))).not.toContain(
      'replicaof',
    );
    // Nor "log in" after a noun, where docs that name `pnpm login` write the access log.
    expect(askedTerms('How do I write the access log in JSON?', held('pnpm login'))).not.toContain('login');
  });

  it('writes "fall back" and "fail over" as the nouns docs name the feature by, where held', () => {
    // traefik's service reference: "The `failover` service type forwards requests to a fallback
    // service", asked "Is there a way to fall back to a backup service when the main one is
    // down?": "fall" and "back" weighed as two words few sections hold, the top section's
    // coverage fell under `MIN_COVERAGE` and the question was declined.
    const failover = held('The `failover` service type forwards requests to a fallback service.');
    const asked = askedTerms(
      'Is there a way to fall back to a backup service when the main one is down?',
      failover,
    );
    expect(asked).toContain('fallback');
    expect(asked).not.toContain('fall');
    expect(askedTerms('How do I get requests to fail over to another service?', failover)).toContain(
      'failover',
    );
    // Docs that write the task in words keep the two.
    expect(askedTerms('How do I fall back to the default?', held('It falls back to the default.'))).toContain(
      'fall',
    );
  });

  it('leaves out "ones", which stands for what the question or the turn before names', () => {
    // pytest's follow-up after the slowest test durations: "ones", held by no section, weighed
    // most.
    const asked = askedTerms('And how do I leave out the ones under a second?', held(''));
    expect(asked).not.toContain('ones');
    expect(asked).toContain('second');
    // "One" is as often a number: kept.
    expect(askedTerms('How do I turn off access logs for one router only?', held(''))).toContain('one');
  });

  it('adds the words its wording implies that the docs hold: "try again" is a retry', () => {
    // rclone's `--retries`, asked "Can I make rclone try again more times when a sync fails?":
    // no retrieved section holds "again", and the option's section was not quoted.
    const retries = held('--retries int: Retry the entire sync if it fails this many times');
    expect(askedTerms('Can I make rclone try again more times when a sync fails?', retries)).toContain(
      terms('retry')[0],
    );
    expect(askedTerms('Can I make rclone try again more times when a sync fails?', held(''))).not.toContain(
      terms('retry')[0],
    );
  });

  it('asks a held implied word in place of the words that imply it', () => {
    // pnpm's `--offline`, asked "Installing with no internet connection, is that possible?":
    // no section about installing offline writes "internet" or "connection", which declined it.
    const offline = held('--offline: If true, pnpm will use only packages already available in the store.');
    const asked = askedTerms('Installing with no internet connection, is that possible?', offline);
    expect(asked).toContain(terms('offline')[0]);
    expect(asked).not.toContain(terms('internet')[0]);
    expect(asked).not.toContain(terms('connection')[0]);
    expect(asked).toContain(terms('installing')[0]);
    // "try the request again" is asked as a retry of the request: the object stays asked.
    const retry = held('The Retry middleware reissues requests a given number of times.');
    const retried = askedTerms('Can Traefik try the request again?', retry);
    expect(retried).toEqual(expect.arrayContaining([terms('retry')[0], terms('request')[0]]));
    expect(retried).not.toContain(terms('try')[0]);
    // Where no section holds the implied word, the visitor's own words are asked.
    expect(askedTerms('Installing with no internet connection, is that possible?', held(''))).toContain(
      terms('internet')[0],
    );
  });

  it('asks "without" a thing as the "non-" word docs write, the thing still asked', () => {
    // rclone's `config create`, asked "…from a script, without the interactive config?": its
    // `--non-interactive` flag holds "non" and "interactive", `rclone config` only "interactive".
    const create = held('The flag `--non-interactive` is for use by applications that wish to configure.');
    const asked = askedTerms(
      'How do I add a new remote from a script, without the interactive config?',
      create,
    );
    expect(asked).toEqual(expect.arrayContaining([terms('non')[0], terms('interactive')[0]]));
    expect(asked).not.toContain(terms('without')[0]);
    // Where no section holds "non", "without" is asked as written.
    expect(askedTerms('How do I add a new remote without the interactive config?', held(''))).toContain(
      terms('without')[0],
    );
  });

  it('drops the words that imply a word the question also writes', () => {
    // A follow-up borrows "upgrade pnpm itself" and "self-update": "itself" is the "self" it
    // writes, not a word of its own, whether or not a section holds "self".
    for (const docs of ['Run pnpm self-update to update pnpm.', '']) {
      const asked = askedTerms('How do I pick a version? upgrade pnpm itself self-update', held(docs));
      expect(asked).toContain(terms('self')[0]);
      expect(asked).not.toContain(terms('itself')[0]);
    }
    // Written alone, with no section holding "self", the pronoun stays asked.
    expect(askedTerms('How do I upgrade rclone itself?', held(''))).toContain(terms('itself')[0]);
  });

  it('keeps the two words when the docs write the task in words', () => {
    // rclone's SMB page: "You can't use Anonymous access for logging in".
    const words = held("You can't use Anonymous access for logging in. You have to use the guest user.");
    expect(askedTerms('How do I log in to an SMB share that has no user account?', words)).toContain('log');
  });
});

describe('optionalSpellings', () => {
  it('writes a word with letters in parentheses before it both ways', () => {
    expect(
      optionalSpellings('Cache checksums to help with slow hashing of large local or (S)FTP files'),
    ).toBe('SFTP FTP');
    expect(optionalSpellings('matching (sub)domains')).toBe('subdomains domains');
    // pytest's `-r` letters: "(f)ailed" is "failed", which the text writes in no other way.
    expect(optionalSpellings('(f)ailed, (E)rror, (s)kipped')).toBe('failed ailed Error rror skipped kipped');
  });

  it('leaves a call, a link and a parenthesised word alone', () => {
    expect(optionalSpellings('fn(a)b, [text](a)b, (optional) flags')).toBe('');
  });

  it('gives a document the term a question asks by', () => {
    const hasher = 'Cache checksums to help with slow hashing of large local or (S)FTP files';
    expect(documentTerms(hasher)).toEqual(expect.arrayContaining(terms('SFTP FTP')));
  });
});

/** What a search of a formatter's docs finds for the Python versions a project supports. */
const TARGET_VERSIONS = [
  passage(
    'faq.md',
    'Which Python versions does Black support?',
    'Black generally supports all Python versions supported by CPython. We promise to support at ' +
      'least all Python versions that have not reached their end of life.',
    'Frequently Asked Questions',
  ),
  passage(
    'the_black_code_style.md',
    'Pragmatism › The magic trailing comma',
    'Just delete that trailing comma and Black will collapse your code into one line if it fits. If ' +
      'you must, you can recover the behaviour of early versions of Black with the option ' +
      '`--skip-magic-trailing-comma`.',
    'The Black code style',
  ),
  passage(
    'the_basics.md',
    'Command line options › `-t`, `--target-version`',
    "Python versions that should be supported by Black's output. You should include all versions " +
      'that your code supports.\n\n```console\n$ black -t py311 -t py312 -t py313\n```',
    'The basics',
  ),
];

describe('stop words', () => {
  it('drop the modal "must", as they drop "should" and "can"', () => {
    expect(terms('which Python versions my code must support')).toEqual(
      terms('which Python versions my code support'),
    );
  });

  it('give "must" no weight, where it weighed most as the rarest word', () => {
    // An aside "If you must, …" held the question's heaviest word; the answer quoted it after the
    // FAQ, and not the option that sets the versions.
    const choice = rankedChoice(
      'How do I tell Black which Python versions my code must support?',
      TARGET_VERSIONS,
    )!;
    expect(choice.weights.has('must')).toBe(false);
    const coverage = (doc: string) =>
      choice.ranked.find((r) => r.passage.chunk.document_id === doc)!.coverage;
    expect(coverage('the_basics.md')).toBeGreaterThan(coverage('the_black_code_style.md'));
  });
});
