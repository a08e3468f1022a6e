import { GUIDE, ROUTER } from './testing/access-log-guides';
import { askExtractive, passage, readingSearcher } from './testing/page-searcher';

/** The reference page's parts in its order: the part retrieval ranks first is its last. */
function reference(title: string) {
  const part = (section: string, text: string) => passage('reference/logs', section, text, title);
  const otel = part(
    'AccessLogs › OpenTelemetry',
    'The proxy supports OpenTelemetry for access logs. To enable OpenTelemetry, set:\n\n' +
      '```yaml\nexperimental:\n  otlpLogs: true\n```',
  );
  const page = [
    part('Logs › Configuration Example', '```yaml\nlog:\n  level: DEBUG\n```'),
    part('AccessLogs', 'Access logs concern every request the proxy handles.'),
    part('AccessLogs › Configuration Example', '```yaml\naccessLog:\n  format: json\n```'),
    otel,
  ];
  return { otel, page };
}

describe('a page sent to by a link without an anchor', () => {
  it("quotes the example of the part whose headings name what the page's title does not", async () => {
    const { otel, page } = reference('Logs Documentation');
    const { text, cited } = await askExtractive(
      'How do I enable access logs?',
      readingSearcher([GUIDE, ROUTER, otel], page),
    );
    expect(text).toContain('accessLog:\n  format: json');
    expect(text).not.toContain('otlpLogs');
    expect(cited).toEqual(['setup/docker', 'reference/logs']);
  });

  it('quotes the part retrieval ranked when the title names all the headings do', async () => {
    const { otel, page } = reference('Access Logs');
    const { text, cited } = await askExtractive(
      'How do I enable access logs?',
      readingSearcher([GUIDE, ROUTER, otel], page),
    );
    expect(text).toContain('otlpLogs');
    expect(cited).toEqual(['setup/docker', 'reference/logs']);
  });
});
