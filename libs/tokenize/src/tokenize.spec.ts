import { joinPhrasal, phrasalSpellings, words } from './tokenize';

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

  it('is empty for a text without one', () => {
    expect(phrasalSpellings('How do I turn on the access log in JSON?')).toBe('');
  });
});
