import { askExtractive, pageSearcher, passage, prose } from './testing/page-searcher';

describe('a setting written as code in the window of a task', () => {
  it('answers from a product section’s opening that sets it, not from a later aside’s command', async () => {
    const store = passage(
      'Operations',
      'Operations › Searchbase',
      'Set `INDEX_BACKEND=searchbase` and `SEARCHBASE_URL` on the server and every worker. ' +
        `${prose(2, 'Searchbase clusters, shards and replicas')}\n\n` +
        ['collections', 'keyword scores', 'embedding sizes', 'outages', 'migrations']
          .map((about) => `- ${prose(3, `Searchbase ${about}`)}`)
          .join('\n') +
        '\n\n' +
        'To check an installation, run the test suite against it:\n\n' +
        '```bash\nSEARCHBASE_TEST=http://localhost:7700 npx jest searchbase\n```',
    );
    const { text } = await askExtractive('How do I configure Searchbase?', pageSearcher([store]));
    expect(text).toMatch(/^Set `INDEX_BACKEND=searchbase`/);
    expect(text).not.toContain('npx jest');
  });

  it('goes on to a later command that holds a word of the question the opening lacks', async () => {
    const metrics = passage(
      'Operations',
      'Operations › Metrics',
      'Every process can serve metrics on a port of its own: set `METRICS_PORT=9464` on each. ' +
        `${prose(12, 'metrics, their labels and their ports')}\n\n` +
        'These rules raise an alert when requests fail:\n\n' +
        '```yaml\n- alert: ServerErrors\n  expr: rate(errors_total[5m]) > 0.05\n```',
    );
    const { text } = await askExtractive('How do I set up alerts on the metrics?', pageSearcher([metrics]));
    expect(text).toContain('alert: ServerErrors');
  });
});
