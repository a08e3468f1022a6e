import { linkPlaceholdersFilled } from './link-placeholders';

const BASE = 'https://grafana.com/docs/loki/latest/';

describe('linkPlaceholdersFilled', () => {
  it("puts the base URL's version where a link of Grafana's docs holds its placeholder", () => {
    const markdown = [
      'Set it in [`limits_config`](https://grafana.com/docs/loki/<LOKI_VERSION>/configure/#limits_config)',
      'or in the [runtime file](/docs/loki/<LOKI_VERSION>/configure/#runtime-configuration-file).',
      '',
      '[ruler]: https://grafana.com/docs/loki/<LOKI_VERSION>/reference/loki-http-api#ruler',
    ].join('\n');
    expect(linkPlaceholdersFilled(markdown, BASE)).toBe(
      [
        'Set it in [`limits_config`](https://grafana.com/docs/loki/latest/configure/#limits_config)',
        'or in the [runtime file](/docs/loki/latest/configure/#runtime-configuration-file).',
        '',
        '[ruler]: https://grafana.com/docs/loki/latest/reference/loki-http-api#ruler',
      ].join('\n'),
    );
  });

  it('leaves a placeholder the base URL does not place, and one in code', () => {
    const markdown = [
      'See [Mimir](https://grafana.com/docs/mimir/<MIMIR_VERSION>/references/http-api/).',
      '',
      '```',
      '[x](https://grafana.com/docs/loki/<LOKI_VERSION>/)',
      '```',
      'Write `[x](https://grafana.com/docs/loki/<LOKI_VERSION>/)`.',
    ].join('\n');
    expect(linkPlaceholdersFilled(markdown, BASE)).toBe(markdown);
    expect(linkPlaceholdersFilled('[x](<LOKI_VERSION>/a)', BASE)).toBe('[x](<LOKI_VERSION>/a)');
  });
});
