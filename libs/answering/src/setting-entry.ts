import { MIN_COVERAGE, type ScoredSection } from './passage-choice';
import { isCommandSummary } from './quote-passage';
import { terms } from './text';

/**
 * A heading that is a setting's name: a key in camelCase or dotted (`sharedWorkspaceLockfile`,
 * `publishConfig.name`, `versioning.fixed`), as a settings reference heads its entries; not a
 * flag (a command's own option), nor one lower-case word (`overrides`, also a topic's heading).
 */
const SETTING_NAME = /^`?[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*|\.[a-z*][A-Za-z0-9*]*)+`?$/;

/**
 * Score, relative to the setting's entry, a command page's summary must reach to go before it
 * (see {@link summaryBeforeSetting}): about what a second passage's command summary needs.
 */
const SUMMARY_SHARE = 0.5;

/**
 * Whether a section is a setting's entry that the question does not name: its own heading is a
 * setting's name (see {@link SETTING_NAME}) not every word of which is a term of the question
 * (`allowedDeprecatedVersions` for "mark an old version as deprecated": "allowed" is not asked;
 * `fetchTimeout` for "the fetch timeout" is named, and is what is asked).
 */
function unnamedSetting(section: ScoredSection, asked: Set<string>): boolean {
  const heading = section.passage.section.split(' › ').at(-1) ?? '';
  if (!SETTING_NAME.test(heading)) return false;
  const words = heading.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[`.*]/g, ' ');
  return !terms(words).every((t) => asked.has(t));
}

/**
 * For a how-do-I, answering order with a command page's summary (its opening or synopsis, see
 * `isCommandSummary`) first when the best section is a setting's entry the question does not
 * name (see {@link unnamedSetting}) and that summary, on another page, holds at least as much of
 * the question ({@link MIN_COVERAGE} at least) at {@link SUMMARY_SHARE} of its score. A setting's
 * entry shares the question's words by its name and the words around it ("How do I copy one
 * workspace package with only its production dependencies into a folder for a server?" ranked
 * `sharedWorkspaceLockfile`, headed by "workspace", first), where the page of the command that
 * does the task says so in its opening, in as many of the question's words ("the files of the
 * deployed package are copied to the target directory… copied to a server"), and gives what to
 * type. A setting the question names keeps its place, as does one the summary holds less of the
 * question than.
 */
export function summaryBeforeSetting(order: ScoredSection[], asked: Set<string>): ScoredSection[] {
  const [first] = order;
  if (!first || !unnamedSetting(first, asked)) return order;
  const summary = order
    .slice(1)
    .find(
      (s) =>
        s.passage.doc !== first.passage.doc &&
        s.score >= SUMMARY_SHARE * first.score &&
        s.coverage >= Math.max(MIN_COVERAGE, first.coverage - 1e-9) &&
        isCommandSummary(s.passage.section, s.passage.chunk.title),
    );
  return summary ? [summary, ...order.filter((s) => s !== summary)] : order;
}
