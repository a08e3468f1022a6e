import type { TermWeights } from './passage-choice';
import { type Unit } from './section-passage';
import { isCommand } from './command-unit';

/**
 * An environment variable set to a value, written as code in prose ("Set `VECTOR_STORE=qdrant`
 * and `QDRANT_URL`…"): like a flag written as code, it is what a reader types to do a task.
 */
const INLINE_SETTING = /`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*=[^`\s]+`/;

/**
 * Whether the window of `units` from `start` to `end` sets an environment variable to a value,
 * written as code in prose, and no command after it holds a word of the question (`weights`) the
 * window lacks. The setting is then what a reader types to do the task, as a flag written as code
 * is: a section headed by a product opens with how to set it up ("Set `VECTOR_STORE=qdrant` and
 * `QDRANT_URL`…"), and a later command naming nothing more of what is asked is an aside (a test
 * suite to check the installation); one that does is the answer (the alert rules asked for, after
 * a metrics section's opening `METRICS_PORT=9464`).
 */
export function setsUp(units: Unit[], weights: TermWeights, start: number, end: number): boolean {
  const window = units.slice(start, end + 1);
  if (!window.some((u) => INLINE_SETTING.test(u.text))) return false;
  const lacked = [...weights.keys()].filter((t) => !window.some((u) => u.terms.has(t)));
  return !units.slice(end + 1).some((u) => isCommand(u) && lacked.some((t) => u.terms.has(t)));
}
