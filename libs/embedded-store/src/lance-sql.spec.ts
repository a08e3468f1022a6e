import { searchedClause, sql } from './lance-sql';

describe('sql', () => {
  it('quotes a value as one SQL string literal, whatever SQL it holds', () => {
    expect(sql("it's'; DROP TABLE x; --")).toBe("'it''s''; DROP TABLE x; --'");
  });
});

describe('searchedClause', () => {
  it('keeps the tenants’ rows, and with a version its rows and unversioned ones', () => {
    expect(searchedClause(['a', 'b'], undefined)).toBe("tenant IN ('a', 'b')");
    expect(searchedClause(['a'], "2.x' OR 1=1")).toBe(
      "tenant IN ('a') AND (version IS NULL OR version = '2.x'' OR 1=1')",
    );
  });
});
