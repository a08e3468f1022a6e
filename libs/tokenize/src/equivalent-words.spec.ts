import { equivalentTerms } from './equivalent-words';

describe('equivalentTerms', () => {
  const lower = (word: string) => word.toLowerCase();

  it('maps a word to the other words of its group, both ways', () => {
    const equivalents = equivalentTerms(lower);
    expect(equivalents.get('domain')).toEqual(expect.arrayContaining(['origin', 'host']));
    expect(equivalents.get('origin')).toContain('domain');
    expect(equivalents.get('folder')).toEqual(['directory']);
  });

  it('maps a part of a whole asked as a fraction to the proportion or ratio a setting is given as', () => {
    expect(equivalentTerms(lower).get('fraction')).toEqual(['proportion', 'ratio', 'percentage']);
  });

  it('maps the verb "configure" to the noun and the abbreviation docs write for it', () => {
    expect(equivalentTerms(lower).get('configure')).toEqual(['configuration', 'config', 'conf']);
  });

  it('maps the abbreviation "RAM" a visitor asks by to the memory docs write of', () => {
    expect(equivalentTerms(lower).get('ram')).toEqual(['memory']);
  });

  it('maps a lower bound asked "at least" to the minimum docs head its setting with', () => {
    expect(equivalentTerms(lower).get('least')).toEqual(['minimum']);
  });

  it('maps the older names of allow and block lists to the ones docs moved to', () => {
    const equivalents = equivalentTerms(lower);
    expect(equivalents.get('whitelist')).toEqual(['allowlist']);
    expect(equivalents.get('blacklist')).toEqual(expect.arrayContaining(['blocklist', 'denylist']));
  });

  it('maps the verbs of plain English to the ones docs write for the same task', () => {
    const equivalents = equivalentTerms(lower);
    expect(equivalents.get('grab')).toEqual(['capture']);
    expect(equivalents.get('wipe')).toEqual(['purge', 'erase']);
    expect(equivalents.get('cap')).toEqual(['limit']);
    expect(equivalents.get('upgrade')).toEqual(['update']);
    expect(equivalents.get('run')).toEqual(['execute']);
    expect(equivalents.get('skip')).toEqual(expect.arrayContaining(['ignore', 'exclude']));
    expect(equivalents.get('backtrace')).toEqual(expect.arrayContaining(['traceback', 'stacktrace']));
  });

  it('maps a visitor\'s "combine" to the merge or concatenation docs write of', () => {
    expect(equivalentTerms(lower).get('combine')).toEqual(['merge', 'concatenate']);
    expect(equivalentTerms(lower).get('merge')).toEqual(['combine', 'concatenate']);
  });

  it('maps a test\'s stand-in asked as a "fake" to the mock or stub docs write of', () => {
    expect(equivalentTerms(lower).get('fake')).toEqual(['mock', 'stub']);
  });

  it('joins the groups a word belongs to, and never lists a word as its own equivalent', () => {
    const remove = equivalentTerms(lower).get('remove')!;
    expect(remove).toEqual(expect.arrayContaining(['delete', 'uninstall']));
    expect(remove).not.toContain('remove');
  });

  it('takes the words as the caller normalises them, dropping those it drops', () => {
    const stems = equivalentTerms((word) => (word === 'origin' ? null : word.replace(/s$/, '')));
    expect(stems.get('domain')).not.toContain('origin');
    expect(stems.has('origin')).toBe(false);
    expect(stems.get('alert')).toEqual(['notification']);
  });

  it('has no word for something else than the common meaning it shares', () => {
    const equivalents = equivalentTerms(lower);
    // A TV remote's key is no token, and "min" is as often minutes as a minimum.
    expect(equivalents.has('key')).toBe(false);
    expect(equivalents.has('min')).toBe(false);
  });
});
