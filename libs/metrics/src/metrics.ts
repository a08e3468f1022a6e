import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Buckets of request latency, in seconds: most API calls take milliseconds, long polls up to 30 s. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Buckets of answer latency, in seconds: a first partial in milliseconds, a model's answer in tens of seconds. */
const ANSWER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60, 120];

/**
 * The Prometheus metrics of one docqa process (API or worker), in a registry of its own with the
 * Node process metrics. Each process fills the instruments it owns; the others stay at zero.
 */
export class Metrics {
  readonly registry = new Registry();

  /** API: requests by route template, method and status. */
  readonly httpRequests = new Counter({
    name: 'docqa_http_requests_total',
    help: 'HTTP requests by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  /** API: request latency by route template, method and status. */
  readonly httpDuration = new Histogram({
    name: 'docqa_http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  /** API: server-sent event streams open now. */
  readonly sseStreams = new Gauge({
    name: 'docqa_sse_streams_open',
    help: 'Server-sent event streams open now.',
    registers: [this.registry],
  });

  /** Worker: questions ended, by channel and outcome (`ready`, `not_covered`, `failed`). */
  readonly questions = new Counter({
    name: 'docqa_questions_total',
    help: 'Questions ended, by channel and outcome (ready, not_covered, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Worker: seconds from a question's creation to the first partial answer. */
  readonly firstPartial = this.answerSeconds(
    'docqa_question_first_partial_seconds',
    'Seconds from a question being asked to the first words of its answer.',
  );

  /** Worker: seconds from a question's creation to its answer being ready. */
  readonly ready = this.answerSeconds(
    'docqa_question_ready_seconds',
    'Seconds from a question being asked to its answer being ready.',
  );

  /** Worker: chunks written by ingest jobs. */
  readonly ingestChunks = new Counter({
    name: 'docqa_ingest_chunks_total',
    help: 'Chunks embedded and written by ingest jobs.',
    registers: [this.registry],
  });

  /** Worker: documents processed by ingest jobs, by outcome (`indexed`, `unchanged`, `failed`). */
  readonly ingestDocuments = new Counter({
    name: 'docqa_ingest_documents_total',
    help: 'Documents processed by ingest jobs, by outcome (indexed, unchanged, failed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** @param process `api` or `worker`, a label on every metric of this registry. */
  constructor(process: 'api' | 'worker') {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry, prefix: 'docqa_' });
  }

  /** A histogram, by channel, of seconds from a question being asked (field initialisers use it). */
  private answerSeconds(name: string, help: string): Histogram<'channel'> {
    return new Histogram({
      name,
      help,
      labelNames: ['channel'] as const,
      buckets: ANSWER_BUCKETS,
      registers: [this.registry],
    });
  }

  /**
   * Jobs per queue and state, read from Redis at each scrape, and whether that read succeeded.
   * A read that fails or takes more than `timeoutMs` (Redis down) leaves `docqa_queue_jobs` out of
   * that scrape and sets `docqa_queue_jobs_up` to 0: the rest of the scrape is served as ever.
   * Every API and worker reports the same queues, so aggregate with `max`, not `sum`.
   *
   * @param timeoutMs longest a scrape waits for the counts. @defaultValue 1000
   */
  watchQueues(queues: QueueJobCounts[], timeoutMs = 1000): void {
    // A scrape starts collecting every metric at once: both gauges share one read, started by
    // whichever comes first and forgotten once it has settled.
    let reading: Promise<[string, Record<string, number>][] | null> | null = null;
    const read = () => {
      reading ??= readWithin(queues, timeoutMs).finally(() => (reading = null));
      return reading;
    };
    new Gauge({
      name: 'docqa_queue_jobs',
      help: 'Jobs per queue and state (waiting, active, delayed, failed, prioritized).',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, counts] of (await read()) ?? [])
          for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
      },
    });
    new Gauge({
      name: 'docqa_queue_jobs_up',
      help: '1 when this scrape read the queues from Redis, 0 when it could not (docqa_queue_jobs is then absent).',
      registers: [this.registry],
      async collect() {
        this.set((await read()) ? 1 : 0);
      },
    });
  }
}

/** One queue whose jobs {@link Metrics.watchQueues} reports: its name, and its jobs per state. */
export interface QueueJobCounts {
  name: string;
  counts(): Promise<Record<string, number>>;
}

/** Every queue's counts, or null when one fails or they take longer than `ms`. */
async function readWithin(
  queues: QueueJobCounts[],
  ms: number,
): Promise<[string, Record<string, number>][] | null> {
  let timer: NodeJS.Timeout | undefined;
  const all = Promise.all(
    queues.map(async (q) => [q.name, await q.counts()] as [string, Record<string, number>]),
  );
  try {
    return await Promise.race([
      all,
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms))),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
