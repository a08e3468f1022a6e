import { askExtractive, passage, readingSearcher } from './testing/page-searcher';
import { asksWhere } from './question-kind';

/** A CLI reference's long option section in three chunks, as a Hugo site's global flags write it. */
const SECTION = '--config string';
const OPENING = passage(
  'docs.md',
  SECTION,
  'Specify the location of the tool configuration file, to override the default. The exact default ' +
    'is a bit complex to describe, but in most cases it is as simple as:\n\n' +
    '- `%APPDATA%/tool/tool.conf` on Windows\n- `~/.config/tool/tool.conf` on other\n\n' +
    'The complete logic is as follows: the tool will look for an existing configuration file in any ' +
    'of the following locations, in priority order:\n\n' +
    '1. `tool.conf` (in program directory, where the tool executable is)\n' +
    '2. `%APPDATA%/tool/tool.conf` (only on Windows)\n' +
    '3. `$XDG_CONFIG_HOME/tool/tool.conf` (on all systems, including Windows)\n' +
    '4. `~/.config/tool/tool.conf` (see below for explanation of ~ symbol)\n' +
    '5. `~/.tool.conf`\n\n' +
    'If no existing configuration file is found, then a new one will be created in the first ' +
    'location that can be written to, and when even that fails, in the current working directory.',
  'Usage',
);
const MIDDLE = passage(
  'docs.md',
  SECTION,
  'The `~` symbol in paths above represents the home directory of the current user on any OS.\n\n' +
    'If you run `tool config file` you will see where the default location is for you. Running ' +
    '`tool config touch` will ensure a configuration file exists, creating an empty one in the ' +
    'default location if there is none. The file format is basic INI: sections of text, led by a ' +
    '`[section]` header and followed by `key=value` entries on separate lines, one section a remote.',
  'Usage',
);
const LATER = passage(
  'docs.md',
  SECTION,
  'If the location is set to empty string `""`, then the tool will keep the configuration file in ' +
    'memory only. You may see a log message "Config file not found - using defaults" if there is no ' +
    'configuration file.',
  'Usage',
);
const OTHER = passage(
  'b2.md',
  '--b2-lifecycle',
  'Set the number of days deleted files should be kept when creating a bucket.',
  'Backblaze B2',
);

describe('an option section retrieved in part', () => {
  it('reads the whole section for a where-question and quotes where it names the place', async () => {
    // Retrieval found the section's later part only, which says where the file is not kept.
    const searcher = readingSearcher([LATER, OTHER], [OPENING, MIDDLE, LATER]);
    const { text, cited } = await askExtractive('Where does the tool keep its config file?', searcher);
    expect(searcher.reads).toEqual(['docs.md']);
    expect(text).toContain('If you run `tool config file`');
    expect(cited[0]).toBe('docs.md');
  });

  it('quotes a what-question from the opening of the section read whole', async () => {
    const searcher = readingSearcher([LATER, OTHER], [OPENING, MIDDLE, LATER]);
    const { text } = await askExtractive('What is the config file location option?', searcher);
    expect(text).toContain('Specify the location of the tool configuration file');
  });

  it('reads nothing for a section headed by a topic', async () => {
    const topic = passage('docs.md', 'Configuration file', LATER.text, 'Usage');
    const searcher = readingSearcher([topic, OTHER], [topic]);
    await askExtractive('Where does the tool keep its config file?', searcher);
    expect(searcher.reads).toEqual([]);
  });
});

describe('asksWhere', () => {
  it('tells a question for a place from a question for a definition', () => {
    expect(asksWhere('Where does rclone keep its config file?')).toBe(true);
    expect(asksWhere('What is the config file?')).toBe(false);
  });
});
