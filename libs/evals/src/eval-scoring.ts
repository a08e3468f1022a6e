import type { EvalItem, EvalVerdict, QuestionRecord } from '@docqa/contracts';
import { isNotCovered } from '@docqa/insights';

/** The verdict on one answer, why, and where the first gold page ranked among its sources. */
export interface Score {
  verdict: EvalVerdict;
  reason: string;
  /** 1-based rank of the first source on a gold page; null without gold pages or when none came. */
  goldRank: number | null;
}

/**
 * Scores an answer against its item's expectations in the CRAG manner (DESIGN §16):
 * - `correct`: every key string present and a gold page cited (each when given), or declined when
 *   `not_covered` is expected;
 * - `missing`: declined (or failed) although the documents cover it;
 * - `incorrect`: answered without a key string or a gold page, or answered when it should decline;
 * - `unscored`: no expectations to judge by (a judge model grades those when configured).
 */
export function scoreAnswer(item: EvalItem, record: QuestionRecord): Score {
  const expect = item.expect ?? {};
  const gold = (expect.gold_urls ?? []).map(normaliseUrl);
  const onGold = (url: string | null) => url !== null && gold.some((g) => sameUrl(normaliseUrl(url), g));
  const rank = record.sources.findIndex((s) => onGold(s.url));
  const goldRank = gold.length && rank >= 0 ? rank + 1 : null;
  const score = (verdict: EvalVerdict, reason: string): Score => ({ verdict, reason, goldRank });

  const keyStrings = expect.key_strings ?? [];
  if (!expect.not_covered && !keyStrings.length && !gold.length)
    return score('unscored', 'no expectations to score by');
  if (record.status === 'failed')
    return score('missing', `the answer failed: ${record.error?.detail ?? record.error?.title ?? 'error'}`);
  const declined = isNotCovered(record);
  if (expect.not_covered)
    return declined
      ? score('correct', 'declined, as expected')
      : score('incorrect', 'answered although the documents do not cover it');
  if (declined) return score('missing', 'declined although the documents cover it');

  const answer = normaliseText(record.response);
  const absent = keyStrings.filter((k) => !answer.includes(normaliseText(k)));
  const goldCited = !gold.length || record.sources.some((s) => s.cited && onGold(s.url));
  const faults = [
    ...(absent.length ? [`without ${absent.map((k) => JSON.stringify(k)).join(', ')}`] : []),
    ...(goldCited ? [] : ['citing no gold page']),
  ];
  return faults.length
    ? score('incorrect', `answered ${faults.join(' and ')}`)
    : score('correct', 'key strings present and a gold page cited');
}

/** Lower case, spacing collapsed: key strings match however an answer wraps or capitalises them. */
function normaliseText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/** A page's URL without its `#anchor`, query or trailing slash, host lower-cased. */
function normaliseUrl(url: string): string {
  const bare = url.trim().replace(/[#?].*$/, '');
  try {
    const parsed = new URL(bare);
    return `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return bare.replace(/\/+$/, '');
  }
}

/** Equal pages; a gold URL given as a path (`/docs/tokens`) matches that path on any host. */
function sameUrl(source: string, gold: string): boolean {
  if (source === gold) return true;
  if (!gold.startsWith('/')) return false;
  try {
    return new URL(source).pathname.replace(/\/+$/, '') === gold;
  } catch {
    return false;
  }
}
