import type { Redis } from 'ioredis';
import type { AnswerEvent } from '@docqa/contracts';
import createQuestionScript from './lua/create-question.lua';
import updateQuestionScript from './lua/update-question.lua';
import reaskQuestionScript from './lua/reask-question.lua';
import addChatQuestionScript from './lua/add-chat-question.lua';

/** The four scripts of question records, as commands of a connection (see each `.lua` header). */
export interface QuestionCommands {
  createQuestion(...args: string[]): Promise<string[]>;
  addChatQuestion(...args: string[]): Promise<string>;
  updateQuestion(...args: string[]): Promise<(number | string)[]>;
  reaskQuestion(...args: string[]): Promise<number>;
}

/** `redis` with the question scripts defined on it (once per connection). */
export function withQuestionCommands(redis: Redis): Redis & QuestionCommands {
  const commands = redis as Redis & Partial<QuestionCommands>;
  if (!commands.createQuestion)
    redis.defineCommand('createQuestion', { numberOfKeys: 3, lua: createQuestionScript });
  if (!commands.addChatQuestion)
    redis.defineCommand('addChatQuestion', { numberOfKeys: 2, lua: addChatQuestionScript });
  if (!commands.updateQuestion)
    redis.defineCommand('updateQuestion', { numberOfKeys: 2, lua: updateQuestionScript });
  if (!commands.reaskQuestion)
    redis.defineCommand('reaskQuestion', { numberOfKeys: 2, lua: reaskQuestionScript });
  return redis as Redis & QuestionCommands;
}

/** One write of `update-question.lua`: its operation, the event it appends and the fields it sets. */
export interface QuestionChange {
  /** The script's operation. */
  op: 'start' | 'status' | 'delta' | 'sources' | 'finish';
  /** The answering attempt writing; an older attempt's write is refused as stale. */
  attempt: number;
  /** The event appended to the question's stream. */
  event: AnswerEvent;
  /** The operation's argument: a status, a text delta or the sources' JSON. */
  arg: string;
  /** Sources' JSON stored with a `finish`. @defaultValue '' */
  sources?: string;
  /** Problem JSON of a failed `finish`. @defaultValue '' */
  error?: string;
  /** Time of the change. @defaultValue now */
  now?: string;
}
