import type { HealthCheck, HealthMode, HealthResponse } from '@docqa/contracts';

/** A named dependency probe; throws when the dependency is unhealthy. */
export type Probe = () => Promise<void>;

/** How long the model check of `full` is cached. */
export const MODEL_CHECK_TTL_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Runs the health checks of a mode: `basic` probes Redis, the vector store and the embeddings;
 * `full` also the language model (cached for 30 s: it costs a model call).
 */
export class HealthService {
  private modelCache: { at: number; result: HealthCheck } | null = null;

  constructor(
    private readonly deps: {
      version: string;
      basic: Record<string, Probe>;
      model: Probe;
      now?: () => number;
    },
  ) {}

  async check(mode: HealthMode): Promise<HealthResponse> {
    const checks: Record<string, HealthCheck> = {};
    if (mode !== 'minimal') {
      const names = Object.keys(this.deps.basic);
      const results = await Promise.all(names.map((n) => run(this.deps.basic[n]!)));
      names.forEach((n, i) => (checks[n] = results[i]!));
    }
    if (mode === 'full') checks.llm = await this.modelCheck();
    const ok = Object.values(checks).every((c) => c.status === 'ok');
    return { status: ok ? 'ok' : 'error', mode, checks, version: this.deps.version };
  }

  private async modelCheck(): Promise<HealthCheck> {
    const now = (this.deps.now ?? Date.now)();
    if (this.modelCache && now - this.modelCache.at < MODEL_CHECK_TTL_MS) return this.modelCache.result;
    const result = await run(this.deps.model);
    this.modelCache = { at: now, result };
    return result;
  }
}

async function run(probe: Probe): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS)),
      ),
    ]);
    return { status: 'ok', latency_ms: round(performance.now() - started) };
  } catch (err) {
    return { status: 'error', latency_ms: round(performance.now() - started), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
