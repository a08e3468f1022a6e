import { Writable } from 'node:stream';

/** A terminal for progress bars to draw on in tests: keeps everything written. */
export class FakeTerminal extends Writable {
  readonly isTTY = true;
  readonly columns = 200;
  text = '';

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }

  /** The lines drawn, without the cursor controls. */
  lines(): string[] {
    return this.text
      .replace(/\x1B(\[[\d;?]*[A-Za-z]|[78])/g, '\n')
      .split(/[\r\n]+/)
      .filter((line) => line.trim());
  }

  /** The line drawn last. */
  last(): string {
    return this.lines().at(-1) ?? '';
  }
}
