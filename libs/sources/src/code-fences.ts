/** A code fence's opening or closing run: three or more backticks or tildes, indented by at most three. */
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * Follows the fenced code blocks of a Markdown text line by line, so that a normaliser leaves code
 * as it is written: a block closes at a run of its own character at least as long as its opening.
 */
export class CodeFences {
  private open: string | null = null;

  /** Whether a block is open: the lines read since its opening, until its closing. */
  get inside(): boolean {
    return this.open !== null;
  }

  /**
   * Reads the next line; true when it belongs to a fenced block (its opening, body or closing
   * line). Call it for every line, in order.
   */
  read(line: string): boolean {
    const run = FENCE.exec(line)?.[1];
    if (this.open) {
      if (run && run[0] === this.open[0] && run.length >= this.open.length) this.open = null;
      return true;
    }
    if (!run) return false;
    this.open = run;
    return true;
  }
}
