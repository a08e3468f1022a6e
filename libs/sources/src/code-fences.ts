/** A code fence's opening or closing run (three or more backticks or tildes) after its indentation. */
const FENCE = /^([ \t]*)(`{3,}|~{3,})/;

/**
 * Follows the fenced code blocks of a Markdown text line by line, so that a normaliser leaves code
 * as it is written: a block closes at a run of its own character at least as long as its opening.
 */
export class CodeFences {
  private open: string | null = null;
  /** The columns the open block's fence is indented past its container. */
  private openIndent = 0;

  /** Whether a block is open: the lines read since its opening, until its closing. */
  get inside(): boolean {
    return this.open !== null;
  }

  /**
   * Reads the next line; true when it belongs to a fenced block (its opening, body or closing
   * line). Call it for every line, in order. `container`: the columns of the list item the line
   * is in, whose fences are indented past it (`1.  Text` then `    ``` yaml`).
   */
  read(line: string, container = 0): boolean {
    // At most three columns past its container: the page's left edge, or a list item's text.
    const [, lead = '', run] = FENCE.exec(line) ?? [];
    const indent = lead.replace(/\t/g, '    ').length - container;
    if (this.open) {
      // A block opened indented may sit in a list item whose text starts there (`1. ` then
      // `   ```bash`): its closing fence may be up to three columns past that (`    ````, as
      // Grafana's docs write it), else the rest of the page would read as code.
      const closes = run !== undefined && run[0] === this.open[0] && run.length >= this.open.length;
      if (closes && indent >= 0 && indent <= this.openIndent + 3) this.open = null;
      return true;
    }
    if (indent < 0 || indent > 3 || !run) return false;
    this.open = run;
    this.openIndent = indent;
    return true;
  }
}

/**
 * A file's text as the lines of a fenced code block with `info` after its opening fence (a
 * language, a title): fenced with tildes when the text holds a backtick fence of its own.
 */
export function fencedLines(info: string, text: string): string[] {
  const fence = text.includes('```') ? '~~~~' : '```';
  return [`${fence}${info}`, ...text.split('\n'), fence];
}
