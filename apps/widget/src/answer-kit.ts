/**
 * What an answer needs beyond the initial module, loaded as one lazy chunk when the chat is opened
 * or focused, or the first answer comes (see `AnswerKitLoader`): the Markdown renderer, an
 * answer's views (the answer, its sources, its copy and feedback controls) and their styles, and
 * the default texts of an answer's controls and of the widget's errors.
 */
export { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
export { turnView } from './turn-view';
export { adoptAnswerStyles } from './answer-styles';
