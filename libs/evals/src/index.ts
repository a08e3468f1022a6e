export { EvalStore } from './eval-store';
export { EvalRunner, type EvalRunnerOptions } from './eval-runner';
export { scoreAnswer, type Score } from './eval-scoring';
export { compareRuns } from './eval-comparison';
export { parseEvalFile, EVAL_CSV_COLUMNS } from './eval-file';
export { describeRuns, type AnsweringSetup } from './run-with';
export { EvalService } from './eval-service';
export { GapDocs } from './gap-docs';
export { draftMarkdown, gapSetName, type NearSection } from './gap-draft';
