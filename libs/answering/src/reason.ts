import type { Unit } from './section-passage';

/** Words that state or introduce a reason: "because", "so that", "This is needed to:". */
const REASON =
  /\b(?:because|in order to|so that|the reason|(?:this|that|it) is (?:needed|required|necessary|done|why)\b)/i;

/**
 * Whether a unit gives a reason ("This is needed to:", "…because…", "…so that…"). For a question
 * asking why, the reasons it states or introduces are the answer, though they hold few of the
 * question's words ("1. **allow packages to import themselves.**" after "both packages are hard
 * linked into a subfolder…. This is needed to:").
 */
export function givesReason(unit: Unit): boolean {
  return unit.kind !== 'code' && REASON.test(unit.text);
}
