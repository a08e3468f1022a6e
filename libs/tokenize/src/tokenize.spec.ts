import { impliedWordings, impliedWords } from './implied-words';
import {
  joinPhrasal,
  joinVersions,
  nounVerbs,
  phrasalSpellings,
  runTogetherSpellings,
  versionSpellings,
  words,
} from './tokenize';

describe('joinPhrasal', () => {
  it('makes a phrasal verb written in two, in any form of its verb, its one-word spelling', () => {
    expect(joinPhrasal(words('How do I set up a new remote?'))).toEqual([
      'how',
      'do',
      'i',
      'setup',
      'a',
      'new',
      'remote',
    ]);
    expect(joinPhrasal(words('Setting up TLS; the worker shuts down; sign-in page'))).toEqual([
      'setup',
      'tls',
      'the',
      'worker',
      'shutdown',
      'signin',
      'page',
    ]);
  });

  it('leaves a particle after another verb, and a noun before a preposition, alone', () => {
    expect(joinPhrasal(words('Backing up an encrypted remote'))).toEqual([
      'backup',
      'an',
      'encrypted',
      'remote',
    ]);
    expect(joinPhrasal(words('Write the access log in JSON, then look it up'))).toEqual(
      words('Write the access log in JSON, then look it up'),
    );
  });
});

describe('phrasalSpellings', () => {
  it('gives the other spelling of each phrasal verb, once', () => {
    expect(phrasalSpellings('How do I set up a remote? Is setting up the same as the setup?')).toBe(
      'setup set up',
    );
    expect(phrasalSpellings('Run `rclone backup` at startup')).toBe('back up start up');
  });

  it('gives each implied word with the words of the text that imply it', () => {
    expect(impliedWordings('Installing with no internet connection, is that possible?')).toEqual([
      { word: 'offline', wording: 'no internet connection' },
    ]);
    expect(impliedWordings('Can Traefik try the request again?')).toEqual([
      { word: 'retry', wording: 'try again' },
    ]);
    expect(impliedWordings('Does it run at once by itself?')).toEqual([
      { word: 'self', wording: 'itself' },
      { word: 'parallel', wording: 'at once' },
    ]);
  });

  it('is empty for a text without one', () => {
    expect(phrasalSpellings('How do I turn on the access log in JSON?')).toBe('');
  });
});

describe('versionSpellings', () => {
  it('glues a named version to its name without the dot, the whole number read', () => {
    expect(versionSpellings('How do I require at least TLS 1.2? Or HTTP/1.1 on Python 3.12.1.')).toBe(
      'TLS12 HTTP11 Python3121',
    );
  });

  it('glues a whole number after a slash to its name (HTTP/2), not a date or a path', () => {
    expect(versionSpellings('Enable HTTP/2 or HTTP/3 push')).toBe('HTTP2 HTTP3');
    expect(versionSpellings('Released 12/2 under docs/2')).toBe('');
  });

  it('leaves a number after a lower-case word, or without a dot, alone', () => {
    expect(versionSpellings('Qdrant version 1.17 or later, at least 1.2, on Windows 11')).toBe('');
  });
});

describe('runTogetherSpellings', () => {
  it('runs a word and the particle after it together, as a setting or command is named', () => {
    expect(runTogetherSpellings('How do I make a server a replica of another one?')).toBe('replicaof');
    expect(runTogetherSpellings('Check out the branch, then log in')).toBe('checkout login');
  });

  it('leaves two words without a particle, a particle after a short word, and a phrasal verb apart', () => {
    expect(runTogetherSpellings('How do I show my own error page for command-line errors?')).toBe('');
    expect(runTogetherSpellings('Is it on? Go in.')).toBe('');
    // A phrasal verb is asked as the task (see `joinPhrasal`), not as a name.
    expect(runTogetherSpellings('How do I set up digest auth and back up a remote?')).toBe('');
  });
});

describe('joinVersions', () => {
  it('writes a named version as its name and its one-word spelling, so its digits are no words', () => {
    expect(words(joinVersions('And TLS 1.3 only?'))).toEqual(['and', 'tls', 'tls13', 'only']);
    expect(words(joinVersions('HTTP/2 server push'))).toEqual(['http', 'http2', 'server', 'push']);
    expect(joinVersions('Set the timeout to 1.5 seconds')).toBe('Set the timeout to 1.5 seconds');
  });
});

describe('impliedWords', () => {
  it('gives "self" for a reflexive pronoun after a thing, which docs write as a "self-" name', () => {
    expect(impliedWords('How do I upgrade pnpm itself to a newer version?')).toBe('self');
    expect(impliedWords('Certificates that sign themselves')).toBe('self');
  });

  it('gives "offline" for working without network access or an internet connection', () => {
    expect(impliedWords('Can pnpm install packages without network access?')).toBe('offline non');
    expect(impliedWords('Does it run without an internet connection, by itself?')).toBe('self offline non');
    expect(impliedWords('Run it without networking plugins')).toBe('');
    expect(impliedWords('Installing with no internet connection, is that possible?')).toBe('offline');
    expect(impliedWords('There is no network policy for it')).toBe('');
  });

  it('gives the one word docs write for a common idiom of the question', () => {
    expect(impliedWords('How can I tell if my rclone is out of date?')).toBe('outdated');
    expect(impliedWords('How do I check which of my dependencies have newer versions?')).toBe('outdated');
    expect(impliedWords('How do I upgrade to a newer version?')).toBe('');
    expect(impliedWords('Is there a command that shows which packages have updates available?')).toBe(
      'outdated',
    );
    expect(impliedWords('How do I give slow registry requests more time before pnpm gives up?')).toBe(
      'timeout',
    );
    expect(impliedWords('How do I turn off server-side rendering?')).toBe('ssr');
    expect(impliedWords('How do I build a single-page app?')).toBe('spa');
    expect(impliedWords('How do I try it first without really publishing?')).toBe('dry non');
    expect(impliedWords('How do I publish without a token?')).toBe('non');
    expect(impliedWords('Is there a way to get rid of duplicate files automatically?')).toBe('remove');
    expect(impliedWords('Can rclone upload more files at the same time?')).toBe('parallel');
    expect(impliedWords('Convert them all at once')).toBe('parallel');
    expect(impliedWords('How do I install the docsify command line tool?')).toBe('cli');
    expect(impliedWords('Is there a command-line interface?')).toBe('cli');
    expect(impliedWords('Pass it on the command line')).toBe('');
    expect(impliedWords('How do I make the dev server reachable from other devices on my network?')).toBe(
      'lan',
    );
    expect(impliedWords('Can I reach it from my home network?')).toBe('lan');
    expect(impliedWords('Does it need network access?')).toBe('');
    expect(impliedWords('Is there a flag that shows which tests take the longest?')).toBe('slowest');
    expect(impliedWords('The longest line it takes')).toBe('');
  });

  it('gives "non" for "without" before a thing, as docs name the switch that leaves it out', () => {
    expect(impliedWords('How do I add a new remote from a script, without the interactive config?')).toBe(
      'non',
    );
    expect(impliedWords('How do I expose a gRPC service without TLS?')).toBe('non');
    expect(impliedWords('Can I open the dashboard without any authentication?')).toBe('non');
    expect(impliedWordings('Run it without the interactive config')).toEqual([
      { word: 'non', wording: 'without' },
    ]);
    // An action not done is no "non-" thing.
    expect(impliedWords('How do I turn on the dashboard without securing it?')).toBe('');
    expect(impliedWords('Can I run a package without installing it?')).toBe('');
  });

  it('gives the "re-" word of a verb right before "again", as docs name a retry or a restart', () => {
    expect(impliedWords('Can I make rclone try again more times when a sync fails?')).toBe('retry');
    expect(impliedWords('Start again, then sync again')).toBe('restart resync');
    expect(impliedWords('Do it again')).toBe('');
  });

  it('gives the "re-" word of a verb whose object stands before "again"', () => {
    expect(impliedWords('My backend fails now and then. Can Traefik try the request again?')).toBe('retry');
    expect(impliedWords('How do I sync the folder again after an error?')).toBe('resync');
    expect(impliedWords('Run it again')).toBe('rerun');
    expect(impliedWords('The same request fails again')).toBe('refails');
    // A verb whose "re-" word is another word gives none.
    expect(impliedWords('And how do I turn it off again?')).toBe('');
    expect(impliedWords('Can I move the file again?')).toBe('');
  });

  it('gives each implied word with the words of the text that imply it', () => {
    expect(impliedWordings('Installing with no internet connection, is that possible?')).toEqual([
      { word: 'offline', wording: 'no internet connection' },
    ]);
    expect(impliedWordings('Can Traefik try the request again?')).toEqual([
      { word: 'retry', wording: 'try again' },
    ]);
    expect(impliedWordings('Does it run at once by itself?')).toEqual([
      { word: 'self', wording: 'itself' },
      { word: 'parallel', wording: 'at once' },
    ]);
  });

  it('is empty for a text without one', () => {
    expect(impliedWords('How do I update pnpm? Its version')).toBe('');
  });
});

describe('nounVerbs', () => {
  it('gives the verb of each noun in "-ification", once', () => {
    // rclone's command pages write the nouns.
    expect(nounVerbs('List the objects in path with modification time, size and path.')).toBe('modify');
    expect(nounVerbs('Modifications and the modification time; Verification of the release')).toBe(
      'modify verify',
    );
  });

  it('gives each implied word with the words of the text that imply it', () => {
    expect(impliedWordings('Installing with no internet connection, is that possible?')).toEqual([
      { word: 'offline', wording: 'no internet connection' },
    ]);
    expect(impliedWordings('Can Traefik try the request again?')).toEqual([
      { word: 'retry', wording: 'try again' },
    ]);
    expect(impliedWordings('Does it run at once by itself?')).toEqual([
      { word: 'self', wording: 'itself' },
      { word: 'parallel', wording: 'at once' },
    ]);
  });

  it('is empty for a text without one', () => {
    expect(nounVerbs('The mission, the version and the configuration of a session')).toBe('');
    expect(nounVerbs('Modify the file, then verify it')).toBe('');
  });
});
