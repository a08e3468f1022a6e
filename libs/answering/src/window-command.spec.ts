import { chooseWindow } from './passage-window';
import { sectionPage } from './testing/page-searcher';
import { explainedCommand } from './window-command';

/** Cargo's "Testing a bugfix", as its docs write it (the uuid crate's link targets left out). */
const BUGFIX = [
  "Let's say you're working with the [`uuid` crate](https://crates.io/crates/uuid) but while you're working on it you discover a bug. You are, however, quite enterprising so you decide to also try to fix the bug! Originally your manifest will look like:",
  '```toml\n[package]\nname = "my-library"\nversion = "0.1.0"\n\n[dependencies]\nuuid = "1.0"\n```',
  "First thing we'll do is to clone the `uuid` repository locally via:",
  '```console\n$ git clone https://github.com/uuid-rs/uuid.git\n```',
  "Next we'll edit the manifest of `my-library` to contain:",
  '```toml\n[patch.crates-io]\nuuid = { path = "../path/to/uuid" }\n```',
  "Here we declare that we're *patching* the source `crates-io` with a new dependency. This will effectively add the local checked out version of `uuid` to the crates.io registry for our local package.",
  "Next up we need to ensure that our lock file is updated to use this new version of `uuid` so our package uses the locally checked out copy instead of one from crates.io. The way `[patch]` works is that it'll load the dependency at `../path/to/uuid` and then whenever crates.io is queried for versions of `uuid` it'll *also* return the local version.",
  "This means that the version number of the local checkout is significant and will affect whether the patch is used. Our manifest declared `uuid = \"1.0\"` which means we'll only resolve to `>= 1.0.0, < 2.0.0`, and Cargo's greedy resolution algorithm also means that we'll resolve to the maximum version within that range. Typically this doesn't matter as the version of the git repository will already be greater or match the maximum version published on crates.io, but it's important to keep this in mind!",
  'In any case, typically all you need to do now is:',
  '```console\n$ cargo build\n   Compiling uuid v1.0.0 (.../uuid)\n   Compiling my-library v0.1.0 (.../my-library)\n    Finished dev [unoptimized + debuginfo] target(s) in 0.32 secs\n```',
  "And that's it! You're now building with the local version of `uuid` (note the path in parentheses in the build output).",
].join('\n\n');

/** The question's term weights as the answerer gave them over the trial's retrieved sections. */
const WEIGHTS = new Map([
  ['use', 0.29],
  ['local', 0.81],
  ['fork', 1.25],
  ['dependency', 0.69],
  ['test', 0.69],
  ['bugfix', 0.98],
]);

describe('the code a window of a task starts from', () => {
  it('is the code block that the paragraphs holding the question explain, not the tutorial’s closing command', () => {
    const bugfix = sectionPage('Overriding Dependencies', 'Testing a bugfix', BUGFIX, 0);
    const quoted = chooseWindow(bugfix, WEIGHTS, { maxWords: 125, targetWords: 60, kind: 'how' }).map(
      (u) => u.text,
    );
    expect(quoted).toContain('```toml\n[patch.crates-io]\nuuid = { path = "../path/to/uuid" }\n```');
    expect(quoted).toContain(
      "Here we declare that we're *patching* the source `crates-io` with a new dependency.",
    );
    expect(quoted.some((t) => t.includes('$ cargo build'))).toBe(false);
  });

  it('is none when a paragraph between holds none of the question, or when both do not fit', () => {
    const bugfix = sectionPage('Overriding Dependencies', 'Testing a bugfix', BUGFIX, 0);
    const units = bugfix.units;
    const code = units.findIndex((u) => u.text.includes('[patch.crates-io]'));
    const explained = units.map((_, i) => (i > code ? 1 : 0));
    expect(explainedCommand(units, explained, code + 3, code + 3, 125)).toBe(code);
    const gap = explained.map((s, i) => (i === code + 1 ? 0 : s));
    expect(explainedCommand(units, gap, code + 3, code + 3, 125)).toBe(-1);
    expect(explainedCommand(units, explained, code + 3, code + 3, 20)).toBe(-1);
    // Right after the code, the window takes it as it grows: nothing to go back to.
    expect(explainedCommand(units, explained, code + 1, code + 1, 125)).toBe(-1);
  });
});
