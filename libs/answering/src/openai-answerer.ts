import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { ModelRequestError, ModelUnavailableError } from '@docqa/errors';
import { CitationRenumbering, contextDocuments, numberedSources } from './citations';
import { type AnswerChunk, type AnswerInput, type Answerer } from './answer-types';
import { notFoundAnswer } from './fixed-phrases';
import { buildMessages, rewriteMessages } from './prompt';
import { searchPassages } from './search-passages';
import type { Searcher } from '@docqa/retrieval';

/** Settings of the OpenAI-compatible chat model. */
export interface ChatModelOptions {
  model: string;
  apiKey?: string;
  baseUrl?: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
}

/** A ChatOpenAI for any OpenAI-compatible server (OpenAI, Azure, vLLM, Ollama, llama.cpp). */
export function createChatModel(options: ChatModelOptions): ChatOpenAI {
  return new ChatOpenAI({
    model: options.model,
    apiKey: options.apiKey ?? 'not-needed',
    temperature: options.temperature,
    maxTokens: options.maxTokens,
    timeout: options.timeoutMs,
    // Retries belong to OpenAIAnswerer (honouring Retry-After) and then to the job; the client
    // retrying as well would multiply every failure's calls.
    maxRetries: 0,
    streaming: true,
    streamUsage: true,
    configuration: options.baseUrl ? { baseURL: options.baseUrl } : undefined,
  });
}

/**
 * Answers with a chat model: rewrites a follow-up into a standalone query, retrieves passages,
 * and streams the model's cited answer. Nothing retrieved: says so without calling the model.
 * Failures: 400/401/403/404 from the server are final; anything else may be retried.
 */
export class OpenAIAnswerer implements Answerer {
  constructor(
    private readonly deps: {
      retriever: Searcher;
      model: BaseChatModel;
      topK: number;
      timeoutMs: number;
      /** Retries of a failed call before any text streamed. @defaultValue 2 */
      maxRetries?: number;
    },
  ) {}

  async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
    yield { type: 'status', status: 'retrieving' };
    const query = input.history.length ? await this.rewrite(input) : input.question;
    const results = await searchPassages(this.deps.retriever, input, query, this.deps.topK);
    yield { type: 'status', status: 'generating' };
    if (!results.length) {
      yield { type: 'delta', text: notFoundAnswer(input.locale) };
      yield { type: 'sources', sources: [] };
      return;
    }
    const docs = contextDocuments(results);
    // The model cites context numbers; the record's sources are numbered by first citation.
    const numbering = new CitationRenumbering(docs.length);
    let text = '';
    for (let attempt = 0; ; attempt++) {
      try {
        // The whole call, streaming included, is bounded (the client's own time-out covers only the first byte).
        const signal = withTimeout(input.signal, this.deps.timeoutMs);
        const stream = await this.deps.model.stream(buildMessages(input.question, docs, input.history), {
          signal,
        });
        for await (const chunk of stream) {
          const piece = typeof chunk.content === 'string' ? chunk.content : '';
          if (!piece) continue;
          text += piece;
          const out = numbering.push(piece);
          if (out) yield { type: 'delta', text: out };
        }
        const rest = numbering.end();
        if (rest) yield { type: 'delta', text: rest };
        break;
      } catch (err) {
        const error = modelError(err);
        // Before any text is out, a retryable failure (429, 5xx, network) is retried here with
        // back-off; after, the job's own retry restarts the answer cleanly.
        if (text || !(error instanceof ModelUnavailableError) || attempt >= (this.deps.maxRetries ?? 2))
          throw error;
        await sleep(retryDelayMs(err, attempt), input.signal);
      }
    }
    yield { type: 'sources', sources: numberedSources(docs, numbering.cited) };
  }

  async health(): Promise<void> {
    await this.complete([new HumanMessage('Reply with OK.')], undefined);
  }

  /**
   * A whole reply, read from a stream: invoke() on a streaming model would estimate token counts
   * with a tokenizer it downloads at run time, which an offline installation cannot do.
   */
  private async complete(messages: BaseMessage[], signal: AbortSignal | undefined): Promise<string> {
    let text = '';
    try {
      const stream = await this.deps.model.stream(messages, {
        signal: withTimeout(signal, this.deps.timeoutMs),
      });
      for await (const chunk of stream) if (typeof chunk.content === 'string') text += chunk.content;
    } catch (err) {
      throw modelError(err);
    }
    return text.trim();
  }

  private async rewrite(input: AnswerInput): Promise<string> {
    return (
      (await this.complete(rewriteMessages(input.question, input.history), input.signal)) || input.question
    );
  }
}

/** Back-off before retry `attempt`: the server's Retry-After when it sent one, else 0.5 s doubling. */
function retryDelayMs(err: unknown, attempt: number): number {
  const headers = (err as { headers?: Record<string, string> | Headers })?.headers;
  const value = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  const seconds = Number(value);
  return Number.isFinite(seconds) && value !== undefined && value !== null
    ? Math.min(seconds * 1000, 30_000)
    : 500 * 2 ** attempt;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ModelUnavailableError('the answer was aborted'));
      },
      { once: true },
    );
  });
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Maps a model call failure to a retryable or a final error. */
export function modelError(err: unknown): Error {
  const status = (err as { status?: number; lc_error_code?: string })?.status;
  const message = `the language model failed: ${(err as Error)?.message ?? String(err)}`;
  if (status !== undefined && [400, 401, 403, 404, 422].includes(status))
    return new ModelRequestError(message, { cause: err });
  return new ModelUnavailableError(message, { cause: err });
}
