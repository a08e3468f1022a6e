import type { Redis } from 'ioredis';
import {
  EVAL_SET_MAX_ITEMS,
  type EvalItem,
  type EvalItemInput,
  type EvalResult,
  type EvalRunSummary,
  type EvalSet,
  type EvalSetList,
} from '@docqa/contracts';
import { AlreadyExistsError, NotFoundError, ValidationError } from '@docqa/errors';
import { newId, type Keys } from '@docqa/redis';

/** A set as stored: the public record without its name (the key holds it). */
type StoredSet = Omit<EvalSet, 'name'>;

/**
 * A tenant's evaluation sets, their runs and the runs' results in Redis (DESIGN §16). Every key
 * of a tenant shares its hash tag, so a set and its index change in one MULTI.
 */
export class EvalStore {
  constructor(private readonly deps: { redis: Redis; keys: Keys; now?: () => number }) {}

  private now(): string {
    return new Date((this.deps.now ?? Date.now)()).toISOString();
  }

  /** Creates a set; a set of that name answers 409. */
  async createSet(
    tenant: string,
    input: { name: string; description?: string; items?: EvalItemInput[] },
  ): Promise<EvalSet> {
    const at = this.now();
    const set: StoredSet = {
      description: input.description ?? '',
      created_at: at,
      updated_at: at,
      items: withIds(input.items ?? []),
    };
    const { redis, keys } = this.deps;
    const created = await redis.set(keys.evalSet(tenant, input.name), JSON.stringify(set), 'NX');
    if (!created) throw new AlreadyExistsError(`evaluation set ${input.name} exists already`);
    await redis.zadd(keys.evalSets(tenant), Date.parse(at), input.name);
    return { name: input.name, ...set };
  }

  /** A set with its items; 404 when the tenant has none of that name. */
  async getSet(tenant: string, name: string): Promise<EvalSet> {
    const raw = await this.deps.redis.get(this.deps.keys.evalSet(tenant, name));
    if (!raw) throw new NotFoundError(`evaluation set ${name} was not found`);
    return { name, ...(JSON.parse(raw) as StoredSet) };
  }

  /** Replaces a set's description and items, creating the set if need be. */
  async putSet(
    tenant: string,
    name: string,
    input: { description?: string; items: EvalItemInput[] },
  ): Promise<EvalSet> {
    const existing = await this.getSet(tenant, name).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    const at = this.now();
    const set: StoredSet = {
      description: input.description ?? existing?.description ?? '',
      created_at: existing?.created_at ?? at,
      updated_at: at,
      items: withIds(input.items),
    };
    await this.write(tenant, name, set);
    return { name, ...set };
  }

  /** Adds items to a set (or replaces them), creating it if need be; at most {@link EVAL_SET_MAX_ITEMS} in all. */
  async addItems(tenant: string, name: string, items: EvalItemInput[], replace = false): Promise<EvalSet> {
    const existing = await this.getSet(tenant, name).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    const kept = replace ? [] : (existing?.items ?? []);
    if (kept.length + items.length > EVAL_SET_MAX_ITEMS)
      throw new ValidationError(
        `a set holds at most ${EVAL_SET_MAX_ITEMS} items: ${kept.length} + ${items.length} is too many; nothing was added`,
      );
    return this.putSet(tenant, name, {
      description: existing?.description,
      items: [...kept, ...items],
    });
  }

  /** Deletes a set and its runs; 404 when there is none. */
  async deleteSet(tenant: string, name: string): Promise<void> {
    const { redis, keys } = this.deps;
    const runIds = await redis.zrange(keys.evalRuns(tenant, name), 0, -1);
    const runKeys = runIds.flatMap((id) => [
      keys.evalRun(tenant, id),
      keys.evalRunItems(tenant, id),
      keys.evalRunResults(tenant, id),
      keys.evalRunCancel(tenant, id),
      keys.evalRunAlive(tenant, id),
    ]);
    const [[, removed]] = (await redis
      .multi()
      .del(keys.evalSet(tenant, name))
      .zrem(keys.evalSets(tenant), name)
      .del(keys.evalRuns(tenant, name), ...runKeys)
      .exec()) as [[Error | null, number]];
    if (!removed) throw new NotFoundError(`evaluation set ${name} was not found`);
  }

  /** The tenant's sets, latest change first, each with its item count and latest run. */
  async listSets(tenant: string): Promise<EvalSetList> {
    const names = await this.deps.redis.zrevrange(this.deps.keys.evalSets(tenant), 0, -1);
    const sets = await Promise.all(
      names.map(async (name) => {
        const set = await this.getSet(tenant, name).catch(() => null);
        if (!set) return null;
        const [last] = await this.listRuns(tenant, name, 1);
        return {
          name,
          description: set.description,
          items: set.items.length,
          updated_at: set.updated_at,
          last_run: last ?? null,
        };
      }),
    );
    return { sets: sets.filter((s) => s !== null) };
  }

  /** Records a new run with the items it asks (its snapshot of the set). */
  async createRun(tenant: string, run: EvalRunSummary, items: EvalItem[]): Promise<void> {
    const { redis, keys } = this.deps;
    await redis
      .multi()
      .set(keys.evalRun(tenant, run.id), JSON.stringify(run))
      .set(keys.evalRunItems(tenant, run.id), JSON.stringify(items))
      .zadd(keys.evalRuns(tenant, run.set), Date.parse(run.started_at), run.id)
      .exec();
  }

  /** Writes a run's summary (progress, tally, status). */
  async updateRun(tenant: string, run: EvalRunSummary): Promise<void> {
    await this.deps.redis.set(this.deps.keys.evalRun(tenant, run.id), JSON.stringify(run), 'XX');
  }

  /** Stores the result of the run's item at `index` (in the snapshot's order). */
  async putResult(tenant: string, runId: string, index: number, result: EvalResult): Promise<void> {
    await this.deps.redis.hset(
      this.deps.keys.evalRunResults(tenant, runId),
      String(index),
      JSON.stringify(result),
    );
  }

  /** A run of the set; 404 for an unknown one or one of another set. */
  async getRun(tenant: string, set: string, runId: string): Promise<EvalRunSummary> {
    const raw = await this.deps.redis.get(this.deps.keys.evalRun(tenant, runId));
    const run = raw ? (JSON.parse(raw) as EvalRunSummary) : null;
    if (!run || run.set !== set)
      throw new NotFoundError(`run ${runId} of evaluation set ${set} was not found`);
    return this.settle(tenant, run);
  }

  /** Marks a run as held by a running process for `seconds` more. */
  async holdRun(tenant: string, runId: string, seconds: number): Promise<void> {
    await this.deps.redis.set(this.deps.keys.evalRunAlive(tenant, runId), '1', 'EX', seconds);
  }

  /** Lets a run go: it ended. */
  async releaseRun(tenant: string, runId: string): Promise<void> {
    await this.deps.redis.del(this.deps.keys.evalRunAlive(tenant, runId));
  }

  /**
   * A run said running whose process no longer holds it (stopped without ending it: a crash, a
   * kill) is failed, so its followers (a CI job) stop waiting.
   */
  private async settle(tenant: string, run: EvalRunSummary): Promise<EvalRunSummary> {
    if (run.status !== 'running') return run;
    if (await this.deps.redis.exists(this.deps.keys.evalRunAlive(tenant, run.id))) return run;
    const failed: EvalRunSummary = {
      ...run,
      status: 'failed',
      ended_at: this.now(),
      error: 'the process running it stopped',
    };
    await this.updateRun(tenant, failed);
    return failed;
  }

  /** A run's results so far, in the snapshot's order. */
  async getResults(tenant: string, runId: string): Promise<EvalResult[]> {
    const all = await this.deps.redis.hgetall(this.deps.keys.evalRunResults(tenant, runId));
    return Object.entries(all)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, raw]) => JSON.parse(raw) as EvalResult);
  }

  /** The items a run asks, as they were when it started. */
  async getRunItems(tenant: string, runId: string): Promise<EvalItem[]> {
    const raw = await this.deps.redis.get(this.deps.keys.evalRunItems(tenant, runId));
    return raw ? (JSON.parse(raw) as EvalItem[]) : [];
  }

  /** A set's runs, newest first. */
  async listRuns(tenant: string, set: string, limit = 200): Promise<EvalRunSummary[]> {
    const { redis, keys } = this.deps;
    const ids = await redis.zrevrange(keys.evalRuns(tenant, set), 0, limit - 1);
    if (!ids.length) return [];
    const raws = await redis.mget(ids.map((id) => keys.evalRun(tenant, id)));
    const runs = raws.flatMap((raw) => (raw ? [JSON.parse(raw) as EvalRunSummary] : []));
    return Promise.all(runs.map((run) => this.settle(tenant, run)));
  }

  /** Asks a run's runner to stop (it reads the flag between items). */
  async requestCancel(tenant: string, runId: string): Promise<void> {
    await this.deps.redis.set(this.deps.keys.evalRunCancel(tenant, runId), '1', 'EX', 86_400);
  }

  async cancelRequested(tenant: string, runId: string): Promise<boolean> {
    return (await this.deps.redis.exists(this.deps.keys.evalRunCancel(tenant, runId))) === 1;
  }

  private async write(tenant: string, name: string, set: StoredSet): Promise<void> {
    const { redis, keys } = this.deps;
    await redis
      .multi()
      .set(keys.evalSet(tenant, name), JSON.stringify(set))
      .zadd(keys.evalSets(tenant), Date.parse(set.updated_at), name)
      .exec();
  }
}

/** Items with their ids: given ones kept (twice the same is refused), new ones made. */
function withIds(items: EvalItemInput[]): EvalItem[] {
  const seen = new Set<string>();
  const errors: { path: string; message: string }[] = [];
  const out = items.map((item, i) => {
    const id = item.id ?? newId('i');
    if (seen.has(id)) errors.push({ path: `items.${i}.id`, message: `id ${id} is used twice` });
    seen.add(id);
    return { ...item, id };
  });
  if (errors.length) throw new ValidationError('item ids must be unique within a set', { errors });
  return out;
}
