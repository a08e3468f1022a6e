import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { normaliseHugo } from './hugo-markdown';

const persistence = readFileSync(
  join(__dirname, 'testing/dialects/hugo/operate/persistence/_index.md'),
  'utf8',
);

describe('normaliseHugo', () => {
  it('resolves relref and ref shortcodes, of both forms, to the pages they name', () => {
    const text = normaliseHugo(
      'See [a]({{< relref "/operate/persistence" >}}), [b]({{% ref "install.md#linux" %}}) and [c]({{< relref path="x.md" >}}).',
      { resolveRef: (target) => `https://docs.example/${target.replace(/\.md/, '/')}` },
    );
    expect(text).toBe(
      'See [a](https://docs.example//operate/persistence), [b](https://docs.example/install/#linux) and [c](https://docs.example/x/).',
    );
  });

  it('keeps a reference to a page it cannot resolve as the path written, never as an encoded shortcode', () => {
    expect(normaliseHugo('[AOF]({{< relref "#append-only-file" >}})')).toBe('[AOF](#append-only-file)');
  });

  it('keeps nested paired shortcodes as their text, admonitions as labelled quotes', () => {
    const text = normaliseHugo(persistence);
    expect(text).toContain(
      [
        '> **Note:** Snapshots are taken in the background.',
        '>',
        '> > **Data loss:** A crash between two snapshots loses the writes made in between.',
      ].join('\n'),
    );
    expect(text).not.toMatch(/\{\{< \/(note|warning) >\}\}|\{\{< warning/);
    expect(normaliseHugo('{{% notice tip %}}\nUse AOF.\n{{% /notice %}}')).toBe(
      '\n\n> **Tip:** Use AOF.\n\n',
    );
  });

  it('keeps an admonition written inside a list item in the item, and the text after it too', () => {
    // Grafana Loki's setup/install/docker.md: the note was a quote of its own, which ended the
    // list, and the item's next paragraph was read as indented code.
    const source = [
      '1. Start the container:',
      '',
      '    ```bash',
      '    docker run --name loki -d grafana/loki:3.6.0',
      '    ```',
      '',
      '    {{< admonition type="note" >}}',
      '    The image runs as user `loki` with UID `10001`.',
      '    {{< /admonition >}}',
      '',
      '    To send logs to Loki, consider using Alloy.',
      '',
      '1. Verify that your containers are running.',
    ].join('\n');
    const text = normaliseHugo(source);
    expect(text).toContain(
      '    > **Note:** The image runs as user `loki` with UID `10001`.\n\n    To send logs',
    );
    const html = marked.parse(text) as string;
    expect(html).toContain('<blockquote>');
    expect(html).not.toContain('<code>To send logs');
    expect(html.match(/<ol>/g)).toHaveLength(1);
  });

  it('labels tabs by their header and turns highlight into fenced code with its language', () => {
    const text = normaliseHugo(persistence);
    expect(text).toContain('**redis.conf**:\n\n```conf\nappendonly yes\nappendfsync everysec\n```');
    expect(text).toContain('**redis-cli**:\n\nAt run time:\n\n```\nredis-cli CONFIG SET appendonly yes\n```');
    expect(text).not.toContain('tabpane');
  });

  it('turns code-toggle into fenced code in the format its configuration is written in', () => {
    const toml =
      "{{< code-toggle file=hugo >}}\n[permalinks.page]\narticles = '/blog/:year/:slug/'\n{{< /code-toggle >}}";
    expect(normaliseHugo(toml)).toContain("```toml\n[permalinks.page]\narticles = '/blog/:year/:slug/'\n```");
    const yaml = '{{< code-toggle file=hugo >}}\nminify:\n  minifyOutput: true\n{{< /code-toggle >}}';
    expect(normaliseHugo(yaml)).toContain('```yaml\nminify:\n  minifyOutput: true\n```');
    const json = '{{< code-toggle >}}\n{"title": "My site"}\n{{< /code-toggle >}}';
    expect(normaliseHugo(json)).toContain('```json\n{"title": "My site"}\n```');
  });

  it('drops shortcodes without content and closing tags without an opening one', () => {
    expect(
      normaliseHugo('A {{< figure src="/a.png" caption="RDB" >}} B {{< youtube id=abc >}}{{< /warning >}}C'),
    ).toBe('A  B C');
  });

  it('shows a shortcode written for show as Hugo does, without replacing it', () => {
    expect(normaliseHugo('Write `{{</* note */>}}` or {{%/* ref "x" */%}}.')).toBe(
      'Write `{{< note >}}` or {{% ref "x" %}}.',
    );
  });
});
