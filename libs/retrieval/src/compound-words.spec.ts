import { searchText } from './chunk';
import { LocalEmbedder } from '@docqa/embedders';
import { commandWords, compoundParts, joinedWords, readerWords, symbolNames } from '@docqa/tokenize';
import { keywordTokens } from './keyword-terms';
import { queryText } from './sparse-vector';

describe('compoundParts', () => {
  it('splits camelCase and PascalCase compounds into their words, capitals runs kept whole', () => {
    expect(
      compoundParts('Set `basicAuth.users` and `minVersion: VersionTLS12` on the IPAllowList page'),
    ).toBe('basic Auth min Version Version TLS12 IP Allow List');
  });

  it('leaves words without an inner capital alone (HTTPS, HTTPs, Traefik, snake_case)', () => {
    expect(compoundParts('Traefik serves HTTPS and HTTPs with max_body_size')).toBe('');
  });
});

describe('joinedWords', () => {
  const summary = 'List all the remotes in the config file and defined in environment variables.';

  it('splits a name’s run-together word where the passage writes both parts', () => {
    expect(joinedWords('rclone listremotes', summary)).toBe('list remotes');
    expect(joinedWords('Redis persistence › appendonly', 'Set append only to yes.')).toBe('append only');
  });

  it('leaves a word whole when the passage writes it, lacks a part, or a part is too short', () => {
    // "config" is a word of the passage; "rclone" would be "r" + "clone".
    expect(joinedWords('rclone config', summary)).toBe('');
    expect(joinedWords('rclone listremotes', 'Lists the remotes.')).toBe('');
    expect(joinedWords('rclone copyto', 'Copy files from source to dest.')).toBe('');
    expect(joinedWords('Traefik › ListRemotes', summary)).toBe('');
  });

  it('gives the parts as words of the search text, the section heading’s as heading terms', () => {
    const terms = keywordTokens(
      searchText({ title: 'rclone listremotes', heading: 'rclone listremotes', text: summary }),
    );
    expect(terms.filter((t) => t === 'list' || t === 'remot')).toEqual(['list', 'remot', 'list', 'remot']);
    expect(terms).toEqual(expect.arrayContaining(['qqhlist', 'qqhremot', 'qqhlistremot']));
  });
});

describe('symbolNames', () => {
  it('names a symbol given as a value: alone in quotes or backticks, or before a version', () => {
    expect(symbolNames("* Type: **'^'**, **'~'**, **''**, **'='**")).toBe('caret tilde');
    expect(symbolNames('by default its version is set to `^1.2.3`, or `~> 2.0` in a Gemfile')).toBe(
      'caret tilde',
    );
    expect(symbolNames('Match every file with `*`, split on `|` or on "\\"')).toBe(
      'asterisk wildcard pipe backslash',
    );
  });

  it('leaves symbols inside code, sums and tables alone', () => {
    expect(symbolNames('| `a|b` | 2^10 | `**/*.md` | ~/.config | x ~ y |')).toBe('');
  });

  it('names the pipe of a shell line that pipes one command into another, in code or after a prompt', () => {
    const fenced = (code: string) => `Reads standard input.\n\n\`\`\`console\n${code}\n\`\`\``;
    expect(symbolNames(fenced('echo "hello world" | rclone rcat remote:path/to/file'))).toBe('pipe');
    expect(symbolNames(fenced('curl -fsSL https://get.pnpm.io/install.sh | sh -'))).toBe('pipe');
    expect(symbolNames('Read the manual:\n\n $ asciidoctor --help manpage | man -l -')).toBe('pipe');
  });

  it('leaves a pipe alone in prose, a type, a template or between quoted values', () => {
    const fenced = (code: string) => `\`\`\`\n${code}\n\`\`\``;
    expect(symbolNames('either one | the other, piped through `a | b`')).toBe('');
    expect(symbolNames(fenced('    limit_lines (int | string):'))).toBe('');
    expect(symbolNames(fenced('{{ .Name | lower }}'))).toBe('');
    expect(symbolNames(fenced("type Mode = 'fast' | 'slow'"))).toBe('');
  });

  it('is part of the words a reader writes for a text, after its compounds', () => {
    expect(readerWords("Set `savePrefix` to '~'")).toBe('save Prefix tilde');
  });
});

describe('commandWords', () => {
  it('gives the words of what a Unix-style command does, each command once', () => {
    expect(commandWords('rclone mkdir remote:path\n\nrclone mkdir other:path')).toBe(
      'make create directory folder',
    );
    expect(commandWords('Use `pnpm ls` or `git mv old new`')).toBe('list move rename');
  });

  it('leaves a name inside another word or an option alone', () => {
    expect(commandWords('`--ls`, `ls-remote`, `rmdirs`, lsd, forms, cpu')).toBe('');
  });

  it('makes a command named in a title or heading a term of what it does, a heading term if it heads', () => {
    const text = searchText({ title: 'rclone mkdir', heading: 'rclone mkdir', text: 'Make the path.' });
    expect(keywordTokens(text)).toEqual(expect.arrayContaining(['creat', 'folder', 'qqhcreat', 'qqhfolder']));
    const options = keywordTokens(
      searchText({ title: 'rclone mkdir', heading: 'rclone mkdir › Options', text: '' }),
    );
    expect(options).toContain('creat');
    expect(options).not.toContain('qqhcreat');
  });

  it('leaves a command written only in the passage, and a heading’s "Make sure", without them', () => {
    const tips = { title: 'Tips', heading: 'Tips › Make sure', text: 'Run `mkdir -p out` first.' };
    expect(keywordTokens(searchText(tips))).not.toContain('creat');
  });
});

describe('compounds in what is indexed', () => {
  const chunk = {
    title: 'BasicAuth',
    heading: 'BasicAuth › Configuration Example',
    text: 'Set `basicAuth.users`.',
  };

  it('puts the words of a chunk’s compounds in its search text, and its heading’s among its heading terms', () => {
    const text = searchText(chunk);
    expect(text).toContain('basic Auth');
    // "Configuration Example" heads the section; the page's "BasicAuth" is no heading term of it.
    expect(text.split('\n').at(-1)).toBe('qqhconfigur qqhexampl');
    expect(
      searchText({ ...chunk, heading: 'BasicAuth' })
        .split('\n')
        .at(-1),
    ).toBe('qqhbasicauth qqhbasic qqhauth');
  });

  it('indexes the names of the symbols a chunk gives as values', () => {
    const terms = keywordTokens(
      searchText({
        title: 'Other Settings',
        heading: 'savePrefix',
        text: "* Default: **'^'**\n* Type: **'~'**",
      }),
    );
    expect(terms).toEqual(expect.arrayContaining(['tild', 'caret']));
  });

  it('searches a named version also as the one word a page’s identifier writes it in', () => {
    const page = keywordTokens(
      searchText({ title: 'TLS Options', heading: 'Minimum TLS Version', text: 'minVersion: VersionTLS12' }),
    );
    const query = keywordTokens(queryText('How do I require at least TLS 1.2?'));
    expect(query).toEqual(expect.arrayContaining(['tls', '1', '2', 'tls12']));
    expect(page).toContain('tls12');
    expect(keywordTokens(queryText('How do I require TLS?'))).not.toContain('tls12');
  });

  it('searches a word and the particle after it also as the setting that runs them together', () => {
    // Redis's replication page configures a replica with `replicaof 192.168.1.1 6379`, which
    // "replica" alone did not find among the many passages about replicas.
    const page = keywordTokens(
      searchText({
        title: 'Redis replication',
        heading: 'Configuration',
        text: 'replicaof 192.168.1.1 6379',
      }),
    );
    const query = keywordTokens(queryText('How do I make a Redis server a replica of another one?'));
    expect(query).toEqual(expect.arrayContaining(['replica', 'replicaof']));
    expect(page).toContain('replicaof');
    // Two words without a particle are searched as written (`errorPage` is no "error page").
    expect(keywordTokens(queryText('How do I show my own error page?'))).not.toContain('errorpag');
  });

  it('searches a reflexive pronoun, a stop word, as the "self" of a page’s `self-update`', () => {
    const page = keywordTokens(
      searchText({ title: 'pnpm self-update', heading: '', text: 'pnpm self-update' }),
    );
    const query = keywordTokens(queryText('How do I upgrade pnpm itself to a newer version?'));
    expect(query).toContain('self');
    expect(page).toContain('self');
    expect(keywordTokens(queryText('How do I upgrade pnpm?'))).not.toContain('self');
  });

  it('embeds a document with its compounds’ words, so a question in words comes closer to it', async () => {
    const embedder = new LocalEmbedder();
    const query = await embedder.embedQuery('basic auth users');
    const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const [document] = await embedder.embedDocuments(['Set basicAuth.users to the list of users.']);
    const asQuery = await embedder.embedQuery('Set basicAuth.users to the list of users.');
    expect(cosine(query, document!)).toBeGreaterThan(cosine(query, asQuery) + 0.1);
  });

  it('embeds a document with its symbols’ names, so "a tilde" comes closer to `~`', async () => {
    const embedder = new LocalEmbedder();
    const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const query = await embedder.embedQuery('save with a tilde instead of a caret');
    const text = "Save with **'~'** rather than the default **'^'**.";
    const [document] = await embedder.embedDocuments([text]);
    expect(cosine(query, document!)).toBeGreaterThan(cosine(query, await embedder.embedQuery(text)) + 0.1);
  });

  it('searches a noun a question asks for as its verb ("modified" for "modification")', () => {
    // rclone's `lsl` page and a visitor's question.
    const page = keywordTokens(
      searchText({
        title: 'rclone lsl',
        heading: 'rclone lsl',
        text: 'List the objects in path with modification time, size and path.',
      }),
    );
    const query = keywordTokens(queryText('How do I list files with their last modified dates?'));
    expect(query).toContain('modifi');
    expect(page).toEqual(expect.arrayContaining(['modif', 'modifi']));
    // The query is searched as written: a question's noun adds no verb to it.
    expect(keywordTokens(queryText('How do I set the modification time?'))).not.toContain('modifi');
  });
});
