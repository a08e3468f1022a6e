import {
  CHUNK_LINES,
  chunksOf,
  doneLines,
  failedAnswers,
  linesWithStatus,
  isItem,
  keptResults,
  parseBatchLines,
  readBatchFile,
  retryChunks,
} from './batch-file';

const jsonl = (...lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');

describe('parseBatchLines', () => {
  it('keeps valid questions with their line numbers and reports bad lines with the reason', () => {
    const lines = parseBatchLines(
      jsonl(
        { question: 'one?' },
        '{not json',
        '',
        { question: '' },
        { question: 'two?', chat_id: 'c_1', filters: [{ type: 'eq', property: 'product', value: 'tv' }] },
        { question: 'three?', colour: 'red' },
      ),
    );
    expect(lines.filter(isItem).map((l) => [l.line, l.request.question])).toEqual([
      [1, 'one?'],
      [5, 'two?'],
    ]);
    const bad = lines.filter((l) => !isItem(l));
    expect(bad).toEqual([
      { line: 2, error: 'not valid JSON' },
      { line: 4, error: expect.stringMatching(/^question: /) },
      { line: 6, error: expect.stringMatching(/colour/) },
    ]);
  });
});

describe('readBatchFile', () => {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');

  it('reads a first line saved with a byte order mark as the question it is', () => {
    const lines = readBatchFile('q.jsonl', utf8('\uFEFF{"question": "one?"}\r\n{"question": "two?"}\r\n'));
    expect(lines.filter(isItem).map((l) => [l.line, l.request.question])).toEqual([
      [1, 'one?'],
      [2, 'two?'],
    ]);
  });

  it('reads a UTF-16 file (Windows "Unicode") line by line', () => {
    const text = '{"question": "Café?"}\n';
    const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(readBatchFile('q.jsonl', data)).toEqual([{ line: 1, request: { question: 'Café?' } }]);
  });

  it('refuses a file that is not UTF-8, naming the file and the line', () => {
    const latin1 = Buffer.from('{"question": "ok?"}\n{"question": "caf\xe9?"}\n', 'latin1');
    expect(() => readBatchFile('q.jsonl', latin1)).toThrow(/^q\.jsonl: not UTF-8 text \(line 2\); save/);
  });

  it('refuses a file with no JSON line (a CSV, plain questions) saying the format it reads', () => {
    const csv = utf8('question\nWhat is docqa?\n"How do I ingest, please?"\n');
    expect(() => readBatchFile('q.csv', csv)).toThrow(
      'q.csv holds no JSON questions: the batch file is JSONL, one {"question": "…"} object a line',
    );
  });

  it('says a line of JSON that is no object is not one, without a field name', () => {
    expect(parseBatchLines(jsonl({ question: 'ok?' }, '"just text"', { q: 'x' }))).toEqual([
      { line: 1, request: { question: 'ok?' } },
      { line: 2, error: 'not a JSON object: each line is {"question": "…"}' },
      { line: 3, error: expect.not.stringMatching(/^line: /) },
    ]);
  });
});

describe('keptResults', () => {
  it('keeps whole results, drops a line cut off mid-write and results with status error', () => {
    const ready = JSON.stringify({ line: 1, id: 'q_1', status: 'ready' });
    const invalid = JSON.stringify({ line: 2, id: null, status: 'invalid' });
    const timedOut = JSON.stringify({ line: 3, id: 'q_3', status: 'error', error: 'timed out' });
    expect(keptResults(`${ready}\n${timedOut}\n${invalid}\n{"line": 4, "i`)).toBe(`${ready}\n${invalid}\n`);
    expect([...doneLines(`${ready}\n${timedOut}\n`)]).toEqual([1]);
  });
});

describe('--retry-failed', () => {
  const out = [
    { line: 1, id: 'q_1', status: 'ready' },
    { line: 2, id: 'q_2', status: 'failed', error: 'model unavailable' },
    { line: 3, id: null, status: 'invalid', error: 'not valid JSON' },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n');

  it('drops failed results from the kept output only when asked, and names their question ids', () => {
    expect([...doneLines(keptResults(out))].sort()).toEqual([1, 2, 3]);
    expect([...doneLines(keptResults(out, { retryFailed: true }))].sort()).toEqual([1, 3]);
    expect([...failedAnswers(out)]).toEqual([[2, 'q_2']]);
  });

  it('asks a chunk’s failed lines again under a key of their own, the same for the same failures', () => {
    const chunks = chunksOf('/in.jsonl', parseBatchLines(jsonl({ question: 'a?' }, { question: 'b?' })));
    const [retry] = retryChunks(chunks, new Map([[2, 'q_2']]));
    expect(retry).toMatchObject({ retry: true, items: [{ line: 2, request: { question: 'b?' } }] });
    expect(retry!.key).toMatch(new RegExp(`^${chunks[0]!.key}-retry-[0-9a-f]{16}$`));
    expect(retryChunks(chunks, new Map([[2, 'q_2']]))[0]!.key).toBe(retry!.key);
    expect(retryChunks(chunks, new Map([[2, 'q_9']]))[0]!.key).not.toBe(retry!.key);
    expect(retryChunks(chunks, new Map())).toEqual([]);
  });
});

describe('doneLines', () => {
  it('collects the input lines of written results and ignores a line cut off mid-write', () => {
    const out = `${JSON.stringify({ line: 3, id: 'q_1' })}\n${JSON.stringify({ line: 1, id: 'q_2' })}\n{"line": 7, "ans`;
    expect([...doneLines(out)].sort()).toEqual([1, 3]);
  });
});

describe('linesWithStatus', () => {
  it('collects the input lines whose kept result is invalid (refused by the server or not), or failed', () => {
    const out = [
      { line: 1, id: 'q_1', status: 'ready' },
      { line: 2, id: null, status: 'invalid', error: 'chat c_x was not found' },
      { line: 3, id: 'q_3', status: 'failed' },
      { line: 4, id: null, status: 'invalid', error: 'not valid JSON' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    expect([...linesWithStatus(out, 'invalid')].sort()).toEqual([2, 4]);
    expect([...linesWithStatus(out, 'failed')]).toEqual([3]);
  });
});

describe('chunksOf', () => {
  const file = (n: number, edit?: number) =>
    parseBatchLines(
      jsonl(...Array.from({ length: n }, (_, i) => ({ question: i === edit ? 'edited' : `q${i + 1}` }))),
    );

  it('groups questions into blocks of 100 input lines, in order', () => {
    const chunks = chunksOf('/data/in.jsonl', file(250));
    expect(chunks.map((c) => c.items.length)).toEqual([CHUNK_LINES, CHUNK_LINES, 50]);
    expect(chunks[1]!.items[0]!.line).toBe(101);
  });

  it('groups by another block size for a server with a lower batch limit', () => {
    const chunks = chunksOf('/data/in.jsonl', file(25), 10);
    expect(chunks.map((c) => c.items.length)).toEqual([10, 10, 5]);
    expect(chunks[2]!.items[0]!.line).toBe(21);
  });

  it('gives the same keys to the same file on a re-run, and a new key only to an edited block', () => {
    const first = chunksOf('/data/in.jsonl', file(250)).map((c) => c.key);
    expect(chunksOf('/data/in.jsonl', file(250)).map((c) => c.key)).toEqual(first);
    const edited = chunksOf('/data/in.jsonl', file(250, 120)).map((c) => c.key);
    expect(edited[0]).toBe(first[0]);
    expect(edited[1]).not.toBe(first[1]);
    expect(edited[2]).toBe(first[2]);
    expect(chunksOf('/data/other.jsonl', file(250))[0]!.key).not.toBe(first[0]);
  });
});
