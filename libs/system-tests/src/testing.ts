/** Test entry of the system tests: the whole stack (API, worker, private Redis prefix) in process. */
export { noKnowledgeBase, startStack, type Stack, type StackOptions } from './testing/start-stack';
