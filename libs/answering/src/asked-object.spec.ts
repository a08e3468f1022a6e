import { askedForm, askedManner, askedObject, objectAfterNames } from './asked-object';
import { askedWords } from './never-written';

describe('what a question asks to act on and how', () => {
  it('finds the noun phrase after the asked verb', () => {
    expect(askedObject('How do I turn on dark mode in the default stylesheet?')).toEqual(['dark', 'mode']);
    expect(askedObject('How do I set length of recording time?')).toEqual([]);
    // "Own" says whose it is, not what: the docs write "self-hosted" or nothing of it.
    expect(askedObject('How do I run my own metrics server?')).toEqual(['metrics', 'server']);
    expect([...askedWords('How do I run my own AgentOps server with Docker?')]).toEqual(['server']);
  });

  it('finds the plain words after the names that open the thing, and its last noun as the word asked', () => {
    const theme = 'How do I change the VS Code color theme?';
    expect(askedObject(theme)).toEqual([]);
    expect(objectAfterNames(theme)).toEqual(['color', 'theme']);
    expect([...askedWords(theme)]).toEqual(['theme']);
    // An adverb after the thing is no noun of it.
    expect([...askedWords('How do I open the Rust documentation offline?')]).toEqual(['documentation']);
    expect(objectAfterNames('How do I configure Traefik to use HTTPS?')).toEqual([]);
    expect(objectAfterNames('How do I change the color theme?')).toEqual([]);
  });

  it('finds the last word of each phrase saying how, in what form, by what means or when', () => {
    expect(askedManner('How do I export the lockfile as a spreadsheet?')).toEqual(['spreadsheet']);
    expect(askedManner('Can Traefik answer requests by voice?')).toEqual(['voice']);
    expect(askedManner('How do I schedule pnpm update to run every night?')).toEqual(['night']);
    expect(askedManner('How do I get a text message on my phone when a sync fails?')).toEqual(['phone']);
    // A phrase naming a name or code is the names' checks' to judge.
    expect(askedManner('How do I turn off metrics for one router with Docker labels?')).toEqual([]);
  });

  it('takes nouns of the thing and the means, not the adjectives that say which', () => {
    expect([...askedWords('How do I turn on dark mode in the Traefik dashboard?')]).toEqual(['mode', 'dark']);
    expect([...askedWords('How do I skip tiny files when copying?')]).toEqual(['files']);
    expect([...askedWords('How do I give a shorter name to a folder that lives on another remote?')]).toEqual(
      ['name', 'remote'],
    );
  });

  it('takes the thing got after "get", by its last word, and nothing used after "use"', () => {
    expect(askedObject('How do I get an email when a sync fails?')).toEqual(['email']);
    expect(askedObject('How can I use my local checkout of a library?')).toEqual([]);
    // The words before it are as often the asker's wording of the thing ("backtrace").
    expect([...askedWords('How do I get a stack trace along with an error message?')]).toEqual([
      'trace',
      'message',
    ]);
  });

  it('reads no thing in a clause, and the thing after a verb in -ing', () => {
    // A determiner inside the phrase ends a clause ("that requests carry a…"), not a noun phrase.
    expect(
      askedObject('How do I check that requests carry a valid JWT before they reach my backend?'),
    ).toEqual([]);
    expect(askedObject('How do I check that request header?')).toEqual(['request', 'header']);
    // "stop collecting metrics" stops doing something to metrics; "the logging level" is a thing.
    expect(askedObject('How can I stop collecting metrics and traces?')).toEqual(['metrics']);
    expect(askedObject('How do I change the logging level?')).toEqual(['logging', 'level']);
  });

  it('reads a format named after "as" as the form asked', () => {
    expect(askedForm('How do I export a chat as PDF?')).toEqual(['pdf']);
    expect(askedForm('Can I get that list as a JSON file?')).toEqual([]);
    expect(askedForm('How do I export the lockfile as a spreadsheet?')).toEqual([]);
    expect([...askedWords('How do I export a chat as PDF?')]).toEqual(['chat', 'pdf']);
  });
});
