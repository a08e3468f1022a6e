import { withBenchSection } from './write-section';

const FILE = [
  '# Benchmarks',
  '',
  '## Search speed',
  '',
  'Command: `old`',
  '',
  'old figures',
  '',
  '### The run before (by hand)',
  '',
  'earlier figures',
  '',
  '### Coverage-gap clustering',
  '',
  'old clusters',
  '',
  '## Fuzz',
  '',
  'fuzz figures',
  '',
].join('\n');

describe('withBenchSection', () => {
  it("replaces a section's figures and keeps the subsections written by hand under them", () => {
    const next = withBenchSection(FILE, 'Search speed', '## Search speed\n\nCommand: `new`\n\nnew figures\n');
    expect(next).toContain('new figures');
    expect(next).not.toContain('old figures');
    expect(next).toContain('### The run before (by hand)\n\nearlier figures');
    expect(next.indexOf('new figures')).toBeLessThan(next.indexOf('### The run before'));
    expect(next).toContain('\n\n## Fuzz\n\nfuzz figures');
  });

  it('replaces a subsection the bench writes itself rather than keeping the old one', () => {
    const section = '## Search speed\n\nnew figures\n\n### Coverage-gap clustering\n\nnew clusters\n';
    const next = withBenchSection(FILE, 'Search speed', section);
    expect(next).toContain('new clusters');
    expect(next).not.toContain('old clusters');
    expect(next.match(/### Coverage-gap clustering/g)).toHaveLength(1);
    expect(next).toContain('### The run before (by hand)');
  });

  it('appends a section the file does not have', () => {
    const next = withBenchSection(FILE, 'New bench', '## New bench\n\nfigures\n');
    expect(next.endsWith('fuzz figures\n\n## New bench\n\nfigures\n')).toBe(true);
  });
});
