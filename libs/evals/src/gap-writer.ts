import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';

/** The instructions of the draft prompt: the body of a docs page, from the given sections only. */
const WRITER_INSTRUCTIONS = [
  'You write a first draft of a documentation section that answers visitor questions.',
  'Use only facts stated in the existing sections you are given; where they do not say, write',
  '"TODO: not in the documentation" rather than guessing.',
  'Reply with Markdown only: the body of the page under the headings you are given, in their order,',
  'each written as a level-2 heading (## ). No front matter, no level-1 title, no code fence around the reply.',
].join('\n');

/** Longest text of one nearest section sent to the model, characters. */
const SECTION_CHARS = 2000;

/** An existing section near a gap's questions, with its text for the draft prompt. */
export interface SectionText {
  place: string;
  text: string;
}

/** A first draft of a gap's section, or why there is none. */
export type WrittenDraft = { ok: true; markdown: string; model: string } | { ok: false; reason: string };

/**
 * Writes the first draft of a gap's section with a chat model (DESIGN §16: with a model
 * configured, a draft from the nearest sections). A failed or timed-out call, or an empty reply,
 * gives the reason instead: the caller keeps the skeleton.
 */
export class ModelGapWriter {
  constructor(
    private readonly model: BaseChatModel,
    /** The model's name, shown in the draft's note. */
    readonly modelName: string,
    /** Longest wait for the draft, ms. @defaultValue 60000 */
    private readonly timeoutMs = 60_000,
  ) {}

  async write(questions: string[], headings: string[], sections: SectionText[]): Promise<WrittenDraft> {
    const context = sections
      .map((s, i) => `[${i + 1}] ${s.place}\n${s.text.slice(0, SECTION_CHARS)}`)
      .join('\n\n');
    let reply = '';
    try {
      // Streamed, as the judge and the answerer read the model (invoke() would count tokens with a
      // tokenizer downloaded at run time).
      const stream = await this.model.stream(
        [
          new SystemMessage(WRITER_INSTRUCTIONS),
          new HumanMessage(
            [
              `Questions:\n${questions.map((q) => `- ${q}`).join('\n')}`,
              `Headings:\n${headings.map((h) => `## ${h}`).join('\n')}`,
              `Existing sections:\n${context || '(none)'}`,
            ].join('\n\n'),
          ),
        ],
        { signal: AbortSignal.timeout(this.timeoutMs) },
      );
      for await (const chunk of stream) if (typeof chunk.content === 'string') reply += chunk.content;
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
    const markdown = unfenced(reply.trim());
    if (!markdown) return { ok: false, reason: 'the model replied with nothing' };
    return { ok: true, markdown, model: this.modelName };
  }
}

/** The reply without a code fence the model wrapped it in despite the instructions. */
function unfenced(text: string): string {
  const fenced = /^```(?:markdown|md)?\n([\s\S]*?)\n```$/i.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}
