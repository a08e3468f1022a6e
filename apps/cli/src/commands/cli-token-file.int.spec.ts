import { mkdtempSync, rmSync } from 'node:fs';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliTokenFile } from './cli-token-file';

describe('CliTokenFile', () => {
  let dir: string;
  let now: number;
  const file = () => new CliTokenFile(join(dir, 'docqa'), () => now);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-cli-token-file-'));
    now = 1_000_000;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('hands a kept token out until its reuse time, and none for other entries', async () => {
    await file().put('p acme ask', 'dq_one', now + 1000);
    expect(await file().get('p acme ask')).toBe('dq_one');
    expect(await file().get('p acme ask,search')).toBeNull();
    now += 1000;
    expect(await file().get('p acme ask')).toBeNull();
  });

  it('keeps the other live entries and drops those past their reuse time when it writes', async () => {
    await file().put('old', 'dq_old', now + 10);
    await file().put('live', 'dq_live', now + 1000);
    now += 10;
    await file().put('new', 'dq_new', now + 1000);
    expect(Object.keys(JSON.parse(await readFile(file().path, 'utf8')))).toEqual(['live', 'new']);
    expect(await file().get('live')).toBe('dq_live');
  });

  it('tightens a file other users could read to 0600 when it writes it', async () => {
    await file().put('a', 'dq_a', now + 1000);
    await chmod(file().path, 0o644);
    await file().put('b', 'dq_b', now + 1000);
    expect((await stat(file().path)).mode & 0o777).toBe(0o600);
  });

  it('takes a missing, unreadable or foreign file for an empty one', async () => {
    expect(await file().get('a')).toBeNull();
    await file().put('a', 'dq_a', now + 1000);
    await writeFile(file().path, 'not json');
    expect(await file().get('a')).toBeNull();
    await writeFile(file().path, JSON.stringify({ a: { token: 7 }, b: 'dq_b' }));
    expect(await file().get('a')).toBeNull();
    await file().put('c', 'dq_c', now + 1000);
    expect(Object.keys(JSON.parse(await readFile(file().path, 'utf8')))).toEqual(['c']);
  });
});
