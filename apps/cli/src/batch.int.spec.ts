import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';

const root = join(__dirname, '../../..');

describe('docqa batch', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  const prefix = testPrefix('cli-batch');
  /**
   * While set, the resume test's questions from `resume 8?` on wait for it (the test decides
   * when). Held by question, not by how many were asked: a count would also hold the last of the
   * first eight whenever the ninth starts before that one's last piece.
   */
  let holdResume: Promise<void> | null = null;
  const held = (question: string) => Number(/^resume (\d+)\?/.exec(question)?.[1] ?? -1) >= 8;
  /** While set, questions starting with "outage" fail, as in a model outage. */
  let outage = false;
  const answerer: ScriptedAnswerer = new ScriptedAnswerer({
    pieces: ['An ', 'answer.'],
    delayMs: 40,
    beforePiece: (_index, input) => {
      if (outage && input.question.startsWith('outage')) throw new Error('model unavailable');
      return holdResume && held(input.question) ? holdResume : undefined;
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'docqa-batch-'));

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer,
      services: noKnowledgeBase(),
      // One attempt: an answer that fails is failed at once, not retried after back-offs.
      env: { WORKER_CONCURRENCY: '2', JOB_ATTEMPTS: '1' },
    });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /**
   * Runs the CLI (with `options` besides); `interruptAfter` sends SIGINT once that many results are
   * in the output.
   */
  function docqaBatch(input: string, out: string, interruptAfter?: number, options: string[] = []) {
    return new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [join(root, 'dist/apps/cli/main.js'), 'batch', input, '--out', out, '--concurrency', '3', ...options],
        { env: { ...process.env, DOCQA_URL: stack.apiUrl, DOCQA_TOKEN: token } },
      );
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const timer =
        interruptAfter === undefined
          ? undefined
          : setInterval(() => {
              const written = readFileSync(out, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean);
              if (written.length < interruptAfter) return;
              // Once: a second Ctrl-C quits at once (the CLI's way out of a hung run), and on a
              // slow machine the next tick would come before the first one's message is written.
              clearInterval(timer);
              child.kill('SIGINT');
            }, 20);
      child.on('close', (code) => {
        clearInterval(timer);
        resolve({ code, stderr });
      });
    });
  }

  const results = (out: string) =>
    readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((l) => {
        try {
          return [
            JSON.parse(l) as { line: number; status: string; answer: string | null; id: string | null },
          ];
        } catch {
          return [];
        }
      });
  const asked = (tag: string) => answerer.inputs.filter((i) => i.question.startsWith(tag)).length;

  it('answers every line, reports bad lines by number, and writes one result per input line', async () => {
    const input = join(dir, 'small.jsonl');
    const out = join(dir, 'small.out.jsonl');
    writeFileSync(
      input,
      [
        JSON.stringify({ question: 'small one?' }),
        JSON.stringify({ question: 'small two?', question_metadata: { source: 'test' } }),
        '{not json',
        JSON.stringify({ question: '' }),
        JSON.stringify({
          question: 'small three?',
          filters: [{ type: 'eq', property: 'product', value: 'cli' }],
        }),
        '',
        JSON.stringify({ question: 'small four?' }),
      ].join('\n'),
    );
    const run = await docqaBatch(input, out);
    expect(run.stderr).toMatch(/line 3: skipped, not valid JSON/);
    expect(run.stderr).toMatch(/line 4: skipped, question:/);
    expect(run.code).toBe(1);
    const written = results(out);
    expect(written.map((r) => r.line).sort()).toEqual([1, 2, 3, 4, 5, 7]);
    expect(written.filter((r) => r.status === 'invalid').map((r) => r.line)).toEqual([3, 4]);
    expect(written.filter((r) => r.status === 'ready').map((r) => r.answer)).toEqual(
      Array(4).fill('An answer.'),
    );
    expect(asked('small ')).toBe(4);
  });

  it('skips a line whose chat_id is unknown, answers the rest, and a re-run asks nothing again', async () => {
    const input = join(dir, 'chats.jsonl');
    const out = join(dir, 'chats.out.jsonl');
    writeFileSync(
      input,
      [
        JSON.stringify({ question: 'chats one?' }),
        JSON.stringify({ question: 'chats two?', chat_id: 'c_nosuchchat000' }),
        JSON.stringify({ question: 'chats three?' }),
      ].join('\n'),
    );
    const run = await docqaBatch(input, out);
    expect(run.stderr).toMatch(/line 2: skipped, chat c_nosuchchat000 was not found/);
    // Counted as the output records it: an invalid line, not a failed answer.
    expect(run.stderr).toContain('2 answered now, 0 before, 0 failed, 1 invalid lines skipped');
    expect(run.code).toBe(1);
    const written = results(out);
    expect(written.map((r) => [r.line, r.status]).sort()).toEqual([
      [1, 'ready'],
      [2, 'invalid'],
      [3, 'ready'],
    ]);
    const again = await docqaBatch(input, out);
    expect(again.stderr).toMatch(/resuming: 2 answers already in/);
    expect(again.stderr).toContain('0 answered now, 2 before, 0 failed, 1 invalid lines skipped');
    expect(again.code).toBe(1);
    expect(results(out)).toHaveLength(3);
    await stack.waitUntilIdle();
    expect(asked('chats ')).toBe(2);
  }, 60_000);

  it('counts an answer that failed in an earlier run as failed again, and exits 1', async () => {
    const input = join(dir, 'failed-before.jsonl');
    const out = join(dir, 'failed-before.out.jsonl');
    writeFileSync(
      input,
      [{ question: 'failed before?' }, { question: 'answered now?' }]
        .map((q) => JSON.stringify(q))
        .join('\n'),
    );
    // The output as a run whose first answer failed left it.
    const failed = {
      line: 1,
      id: 'q_failedbefore',
      answer: null,
      sources: [],
      status: 'failed',
      error: 'model unavailable',
    };
    writeFileSync(out, `${JSON.stringify(failed)}\n`);
    const run = await docqaBatch(input, out);
    expect(run.stderr).toMatch(/resuming: 1 answers already in/);
    expect(run.stderr).toContain('1 answered now, 1 before, 1 failed, 0 invalid lines skipped');
    expect(run.code).toBe(1);
    expect(results(out).map((r) => [r.line, r.status])).toEqual([
      [1, 'failed'],
      [2, 'ready'],
    ]);
  }, 60_000);

  it('asks the questions whose answers failed again with --retry-failed, and only those', async () => {
    const input = join(dir, 'outage.jsonl');
    const out = join(dir, 'outage.out.jsonl');
    const questions = ['outage one?', 'fine?', 'outage two?'];
    writeFileSync(input, questions.map((question) => JSON.stringify({ question })).join('\n'));
    outage = true;
    const first = await docqaBatch(input, out);
    outage = false;
    expect(first.stderr).toContain('3 answered now, 0 before, 2 failed, 0 invalid lines skipped');
    expect(first.code).toBe(1);
    const failedIds = results(out)
      .filter((r) => r.status === 'failed')
      .map((r) => r.id);
    expect(failedIds).toHaveLength(2);

    const retried = await docqaBatch(input, out, undefined, ['--retry-failed']);
    expect(retried.stderr).toContain('asking 2 questions again whose answers failed');
    expect(retried.stderr).toContain('2 answered now, 1 before, 0 failed, 0 invalid lines skipped');
    expect(retried.code).toBe(0);
    const written = results(out);
    expect(written.map((r) => [r.line, r.status]).sort()).toEqual([
      [1, 'ready'],
      [2, 'ready'],
      [3, 'ready'],
    ]);
    expect(written.filter((r) => failedIds.includes(r.id))).toEqual([]);
    // Run again, it has nothing left to ask.
    const again = await docqaBatch(input, out, undefined, ['--retry-failed']);
    expect(again.stderr).toContain('0 answered now, 3 before, 0 failed');
    expect(again.code).toBe(0);
    await stack.waitUntilIdle();
    expect(asked('outage ')).toBe(4);
    expect(asked('fine?')).toBe(1);
  }, 60_000);

  it('resumes after an interruption (and a result line cut off mid-write) without asking any question twice', async () => {
    const input = join(dir, 'resume.jsonl');
    const out = join(dir, 'resume.out.jsonl');
    writeFileSync(
      input,
      Array.from({ length: 40 }, (_, i) => JSON.stringify({ question: `resume ${i}?` })).join('\n'),
    );
    let release = (): void => undefined;
    holdResume = new Promise<void>((resolve) => (release = resolve));
    const first = await docqaBatch(input, out, 8);
    release();
    holdResume = null;
    expect(first.code).not.toBe(0);
    expect(first.stderr).toMatch(/interrupted; run again to resume/);
    const partial = results(out);
    expect(partial.length).toBeGreaterThanOrEqual(8);
    expect(partial.length).toBeLessThan(40);
    appendFileSync(out, '{"line": 39, "id": "q_');

    const second = await docqaBatch(input, out);
    expect(second.stderr).toMatch(new RegExp(`resuming: ${partial.length} answers already in`));
    expect(second.code).toBe(0);
    const all = results(out);
    expect(all.map((r) => r.line).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(all.every((r) => r.status === 'ready')).toBe(true);
    expect(new Set(all.map((r) => r.id)).size).toBe(40);
    // Once nothing is queued or running, count what the worker was asked.
    await stack.waitUntilIdle();
    expect(asked('resume ')).toBe(40);
  }, 60_000);
});
