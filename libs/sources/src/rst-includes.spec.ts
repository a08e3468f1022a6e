import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { withRstIncludes } from './rst-includes';
import { rstToMarkdown } from './rst-markdown';

describe('withRstIncludes', () => {
  const site = mkdtempSync(join(tmpdir(), 'docqa-rst-includes-'));
  const docs = join(site, 'doc');
  const write = (path: string, content: string) => {
    mkdirSync(join(docs, path, '..'), { recursive: true });
    writeFileSync(join(docs, path), content);
  };
  const conftest = [
    'import pytest',
    '',
    '',
    '@pytest.fixture',
    'def smtp_connection():',
    '    return connect("smtp.gmail.com")',
    '',
    '',
    'class TestGroup:',
    '    def test_one(self):',
    '        assert 1',
    '',
    '    def test_two(self):',
    '        assert 2',
    '',
  ].join('\n');
  beforeAll(() => {
    write('en/conf.py', 'project = "tool"\n');
    write('en/example/conftest.py', conftest);
    write('en/example/manifest.json', '{\n  "files": ["test_first.py"]\n}\n');
    write(
      'en/shared/note.rst',
      '.. note::\n\n   Needs Python 3.9.\n\n.. include:: ../example/manifest.json\n   :literal:\n',
    );
    write(
      'en/how-to/fixtures.rst',
      [
        'Fixtures',
        '========',
        '',
        'Define one in ``conftest.py``:',
        '',
        '.. literalinclude:: ../example/conftest.py',
        '   :start-after: import pytest',
        '   :end-before: class TestGroup',
        '',
        '- A method of a class:',
        '',
        '  .. literalinclude:: /example/conftest.py',
        '     :pyobject: TestGroup.test_two',
        '     :caption: test_two',
        '',
        '.. include:: ../shared/note.rst',
        '',
        '.. literalinclude:: ../../../outside.py',
        '',
        'The end.',
      ].join('\n'),
    );
    writeFileSync(join(site, 'outside.py'), 'SECRET = 1\n');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  const page = join(docs, 'en/how-to/fixtures.rst');

  it('puts in a literal include as code in the language of its extension, with the lines it selects', async () => {
    const text = await withRstIncludes(
      '.. literalinclude:: ../example/conftest.py\n   :lines: 4-6\n\nAfter.',
      page,
      docs,
    );
    expect(text).toBe(
      [
        '.. code-block:: python',
        '',
        '   @pytest.fixture',
        '   def smtp_connection():',
        '       return connect("smtp.gmail.com")',
        '',
        'After.',
      ].join('\n'),
    );
  });

  it("reads a path from the Sphinx project's folder, a Python object, and keeps an item's indentation", async () => {
    const text = await withRstIncludes(
      '- A method:\n\n  .. literalinclude:: /example/conftest.py\n     :pyobject: TestGroup.test_two\n',
      page,
      docs,
    );
    expect(text).toBe(
      // Its lines as they stand in the file (Sphinx dedents only when asked: `:dedent:`).
      '- A method:\n\n  .. code-block:: python\n\n         def test_two(self):\n             assert 2\n',
    );
  });

  it('puts in reStructuredText where an include stands, what it includes too, nothing outside the folder', async () => {
    const text = await withRstIncludes(
      '.. include:: ../shared/note.rst\n\n.. literalinclude:: ../../../outside.py',
      page,
      docs,
    );
    expect(text).toContain(
      '.. note::\n\n   Needs Python 3.9.\n\n.. code-block:: json\n\n   {\n     "files": ["test_first.py"]\n   }',
    );
    expect(text).toContain('.. literalinclude:: ../../../outside.py');
    expect(text).not.toContain('SECRET');
  });

  it('gives a loaded page the code it includes as fenced blocks', async () => {
    const { documents } = await loadPaths([join(docs, 'en')]);
    const content = rstToMarkdown(documents.find((d) => d.id === 'how-to/fixtures.rst')!.content);
    expect(content).toContain(
      '```python\n@pytest.fixture\ndef smtp_connection():\n    return connect("smtp.gmail.com")\n```',
    );
    expect(content).toContain('**test_two**:');
    expect(content).toContain('  ```python\n  def test_two(self):\n      assert 2\n  ```');
    expect(content).toMatch(/Needs Python 3\.9\./);
    expect(content).toContain('"files": ["test_first.py"]');
    expect(content).not.toMatch(/SECRET|literalinclude/);
  });
});
