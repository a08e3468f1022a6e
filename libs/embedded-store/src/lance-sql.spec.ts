import { sql } from './lance-sql';

describe('sql', () => {
  it('quotes a value as one SQL string literal, whatever SQL it holds', () => {
    expect(sql("it's'; DROP TABLE x; --")).toBe("'it''s''; DROP TABLE x; --'");
  });
});
