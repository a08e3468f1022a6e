import type { Source } from '@docqa/contracts';
import { sectionOf, sourceLabel } from './sources';

const source = (title: string, section?: string): Source => ({
  document_id: 'd',
  chunk_id: 'd#1',
  title,
  url: null,
  section,
  snippet: '',
  score: 1,
  cited: true,
  metadata: {},
});

describe('a source’s section', () => {
  it('drops a first heading that repeats the title', () => {
    expect(sectionOf(source('Tokens', 'Tokens › Revoke a token'))).toBe('Revoke a token');
    expect(sourceLabel(source('Tokens', 'tokens › Revoke a token'))).toBe('Tokens › Revoke a token');
  });

  it('keeps a heading path that does not start with the title', () => {
    expect(sectionOf(source('Operations', 'Running docqa in production › Settings'))).toBe(
      'Running docqa in production › Settings',
    );
  });

  it('is absent without a section, or when the section is the title itself', () => {
    expect(sectionOf(source('Tokens'))).toBeUndefined();
    expect(sectionOf(source('Tokens', 'Tokens'))).toBeUndefined();
    expect(sourceLabel(source('Tokens', 'Tokens'))).toBe('Tokens');
  });
});
