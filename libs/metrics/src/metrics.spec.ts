import { Metrics, type QueueJobCounts } from './metrics';

/** The sample lines of `name` in a scrape (its HELP and TYPE lines left out). */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('Metrics of the queues', () => {
  const counts = { waiting: 2, active: 1, delayed: 0, failed: 3, prioritized: 0 };

  it('reports the jobs of every queue per state, read once a scrape', async () => {
    const metrics = new Metrics('api');
    let reads = 0;
    const queue = (name: string): QueueJobCounts => ({
      name,
      counts: async () => (reads++, counts),
    });
    metrics.watchQueues([queue('questions'), queue('ingest'), queue('sources')]);
    const text = await metrics.registry.metrics();
    expect(samples(text, 'docqa_queue_jobs')).toHaveLength(15);
    expect(text).toContain('docqa_queue_jobs{queue="ingest",state="failed",process="api"} 3');
    expect(text).toContain('docqa_queue_jobs{queue="sources",state="waiting",process="api"} 2');
    expect(samples(text, 'docqa_queue_jobs_up')).toEqual(['docqa_queue_jobs_up{process="api"} 1']);
    expect(reads).toBe(3);
    await metrics.registry.metrics();
    expect(reads).toBe(6);
  });

  it('still serves the scrape when Redis fails, without queue figures and with up at 0', async () => {
    const metrics = new Metrics('worker');
    metrics.watchQueues([
      { name: 'questions', counts: async () => counts },
      { name: 'ingest', counts: () => Promise.reject(new Error("Stream isn't writeable")) },
    ]);
    const text = await metrics.registry.metrics();
    expect(samples(text, 'docqa_queue_jobs')).toEqual([]);
    expect(samples(text, 'docqa_queue_jobs_up')).toEqual(['docqa_queue_jobs_up{process="worker"} 0']);
    expect(samples(text, 'docqa_process_resident_memory_bytes').length).toBe(1);
  });

  it('does not wait for a Redis that does not answer longer than its time-out', async () => {
    const metrics = new Metrics('worker');
    metrics.watchQueues([{ name: 'questions', counts: () => new Promise(() => undefined) }], 50);
    const text = await metrics.registry.metrics();
    expect(samples(text, 'docqa_queue_jobs')).toEqual([]);
    expect(samples(text, 'docqa_queue_jobs_up')).toEqual(['docqa_queue_jobs_up{process="worker"} 0']);
  });

  it('reports the queues again once Redis answers', async () => {
    const metrics = new Metrics('api');
    let down = true;
    metrics.watchQueues([
      {
        name: 'questions',
        counts: () => (down ? Promise.reject(new Error('down')) : Promise.resolve(counts)),
      },
    ]);
    expect(await metrics.registry.metrics()).toContain('docqa_queue_jobs_up{process="api"} 0');
    down = false;
    const text = await metrics.registry.metrics();
    expect(text).toContain('docqa_queue_jobs_up{process="api"} 1');
    expect(samples(text, 'docqa_queue_jobs')).toHaveLength(5);
  });
});
