import { quotePassage } from './quote-passage';
import { units } from './section-passage';

const MODE =
  'In this mode files opened for writing are buffered to disk first.\n\nIt supports all normal operations.';

describe('quotePassage', () => {
  it('names the option a section is headed by when its text does not say it', () => {
    expect(quotePassage(units(MODE), '[1]', 'rclone mount › Options › --vfs-cache-mode writes')).toBe(
      '`--vfs-cache-mode writes` [1]:\n\nIn this mode files opened for writing are buffered to disk first.\n\nIt supports all normal operations.',
    );
  });

  it('does not name a topic heading, nor an option the text already says', () => {
    expect(quotePassage(units(MODE), '[1]', 'Mount › Caching')).toMatch(/^In this mode/);
    expect(quotePassage(units(`Set \`log.format\` to json.\n\n${MODE}`), '[1]', 'Logs › log.format')).toMatch(
      /^Set `log.format`/,
    );
  });
});
