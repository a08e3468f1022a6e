import type { LabelKey } from '@docqa/contracts/constants';

/** A language's widget texts: every label but the feedback form's sample URL, which stays as it is. */
export type LabelPack = Record<Exclude<LabelKey, 'DOWN_RATE_URL_PLACEHOLDER'>, string>;
