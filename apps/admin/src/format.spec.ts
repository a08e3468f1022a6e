import { deleteDocumentQuestion, formatAgo, formatIn } from './format';

describe('relative times of the portal', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('says how long ago in the largest whole unit', () => {
    expect(formatAgo('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-11-24T11:55:00Z', now)).toMatch(/5 minutes ago/);
    expect(formatAgo('2026-11-24T09:00:00Z', now)).toMatch(/3 hours ago/);
    expect(formatAgo('2026-11-23T11:00:00Z', now)).toMatch(/yesterday|1 day ago/);
    expect(formatAgo('not a date', now)).toBe('not a date');
  });

  it('says when a wait ends in the largest whole unit, rounded up', () => {
    expect(formatIn(893_000)).toMatch(/in 15 minutes/);
    expect(formatIn(60_000)).toMatch(/in 1 minute/);
    expect(formatIn(42_000)).toMatch(/in 42 seconds/);
    expect(formatIn(300)).toMatch(/in 1 second/);
  });
});

describe('the question before deleting a document', () => {
  it('counts its chunks in words that fit the count', () => {
    expect(deleteDocumentQuestion({ title: 'FAQ', chunks: 3 })).toBe('Delete “FAQ” and all 3 of its chunks?');
    expect(deleteDocumentQuestion({ title: 'FAQ', chunks: 1 })).toBe('Delete “FAQ” and its chunk?');
    expect(deleteDocumentQuestion({ title: 'FAQ', chunks: 0 })).toBe('Delete “FAQ”?');
  });
});
