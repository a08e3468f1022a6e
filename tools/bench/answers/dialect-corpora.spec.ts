import { withHalves, type DialectQuestion } from './dialect-corpora';

const covered = (id: string): DialectQuestion => ({ id, question: id, gold: ['a.md'], must: ['x'] });
const uncovered = (id: string): DialectQuestion => ({ id, question: id, covered: false });

describe('withHalves', () => {
  it('alternates covered questions dev, test in file order, counting uncovered ones apart', () => {
    const halves = withHalves([
      covered('c1'),
      uncovered('u1'),
      covered('c2'),
      uncovered('u2'),
      covered('c3'),
    ]);
    expect(halves.map((q) => `${q.id}:${q.half}`)).toEqual([
      'c1:dev',
      'u1:dev',
      'c2:test',
      'u2:test',
      'c3:dev',
    ]);
  });

  it('puts a follow-up in the half of the question it follows, without moving the alternation', () => {
    const halves = withHalves([
      covered('c1'),
      covered('c2'),
      { ...covered('f2'), follows: 'c2' },
      { ...covered('f1'), follows: 'c1' },
      covered('c3'),
    ]);
    expect(halves.map((q) => `${q.id}:${q.half}`)).toEqual([
      'c1:dev',
      'c2:test',
      'f2:test',
      'f1:dev',
      'c3:dev',
    ]);
  });

  it('refuses a follow-up of a question that does not come before it', () => {
    expect(() => withHalves([{ ...covered('f'), follows: 'later' }, covered('later')])).toThrow(
      /f follows later/,
    );
  });
});
