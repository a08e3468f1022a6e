/** Answers from retrieved passages: the extractive answerer (offline) and the OpenAI-compatible one, with citations and follow-ups. */
export { NOT_FOUND_ANSWER, type AnswerChunk, type Answerer, type AnswerInput } from './answer-types';
export { notFoundAnswer } from './fixed-phrases';
export { citedNumbers } from './citations';
export { standaloneQuery } from './follow-up';
export { pieces } from './pieces';
export { searchPassages } from './search-passages';
export { wordTerms } from './text';
export { ExtractiveAnswerer } from './extractive-answerer';
export { createAnswerer, type AnswererSettings } from './create-answerer';
export { createChatModel, type ChatModelOptions } from './openai-answerer';
