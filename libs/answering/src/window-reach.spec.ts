import { askExtractive, pageSearcher, passage, prose } from './testing/page-searcher';

/** Parts of a section that a window reaches beyond its best units: a page's setup, a far key, a reason. */
describe('a task’s window started from the code block that ends its section', () => {
  it('takes the units before the code block, as nothing follows it', async () => {
    const containers = passage(
      'Working with Containers',
      'Working with Containers › Sharing files between a container and the host',
      `> **Note:**\n>\n> ${prose(3, 'copy-on-write filesystems')}\n\n` +
        `${prose(8, 'the tool cache shared between a container and the host')}\n\n` +
        `> **Important:**\n>\n> ${prose(2, 'trusting the images you run')}\n\n` +
        'Below is an example setup for demonstration:\n\n' +
        '```dockerfile\nFROM node:20\nWORKDIR /app\nRUN app config set cache-dir /cache\nRUN app install\n```\n\n' +
        'Run the following command to build the image:\n\n' +
        '```sh\nbuilder build . --tag my-image -v "$HOME/.local/share/tool/cache:/cache" -v "$(pwd)/deps:/app/deps"\n```',
    );
    const { text } = await askExtractive(
      'How do I share the tool cache between my machine and a container?',
      pageSearcher([containers]),
    );
    expect(text).toContain('builder build .');
    expect(text).toContain('RUN app config set cache-dir /cache');
  });
});

describe('a task’s key further in the section that holds a word the window holds nowhere', () => {
  it('is quoted beside the window though it scores below the usual share of its best unit', async () => {
    const typing = passage(
      'Typing in the tool',
      'Typing in the tool › Using typing in test suites',
      'To type fixtures, just add normal types to the fixture functions: there is nothing special that needs to be done.\n\n' +
        '```python\n@fixture\ndef sample_fixture() -> int:\n    return 38\n```\n\n' +
        'In the same manner, the fixtures passed as arguments to test functions need be annotated with the fixture’s return type:\n\n' +
        '```python\ndef test_sample_fixture(sample_fixture: int) -> None:\n    assert sample_fixture == 38\n```\n\n' +
        `${prose(9, 'what the checker sees')}\n\n` +
        'The same logic applies to the parametrize mark:\n\n' +
        '```python\n@mark.parametrize("input_value, expected_output", [(1, 2), (5, 6)])\ndef test_increment(input_value: int, expected_output: int) -> None:\n    assert input_value + 1 == expected_output\n```',
    );
    const { text } = await askExtractive(
      'How do I annotate the arguments of a parametrized test with types?',
      pageSearcher([typing]),
    );
    expect(text).toContain('passed as arguments to test functions need be annotated');
    expect(text).toContain('def test_increment(input_value: int, expected_output: int)');
  });
});

describe('the window of a question that asks why', () => {
  it('takes the reason next to the part that names the question best', async () => {
    const layout = passage(
      'Folder layout',
      'Folder layout',
      `${prose(6, 'the store of package files')}\n\n` +
        'Every file of every package is a hard link to the store.\n\n' +
        '```text\ndeps\n└── .tool\n    └── foo@1.0.0\n        └── deps\n            └── foo\n```\n\n' +
        'As you might have noticed, the packages are hard linked into a nested deps folder inside the .tool folder. This is needed to:\n\n' +
        '1. **let packages import themselves.** A package should be able to load its own files.\n' +
        '2. **avoid circular links.** Dependencies of packages are placed in the same folder.\n\n' +
        `${prose(4, 'the next stage of the installation')}`,
    );
    const { text } = await askExtractive(
      'Why are packages hard linked into a nested deps folder inside .tool?',
      pageSearcher([layout]),
    );
    expect(text).toContain('hard linked into a nested deps folder');
    expect(text).toContain('let packages import themselves');
  });
});
