import type { FeedbackRequest, QuestionRecord, Source } from '@docqa/contracts';

/** Thumbs up or down. */
export type Rating = FeedbackRequest['rating'];

/** One question and its answer as the widget shows it. */
export interface Turn {
  question: string;
  /** The question id, known from the stream's first event. */
  id?: string;
  /** The answer's Markdown so far. */
  answer: string;
  sources: Source[];
  done: boolean;
  error?: string;
  rated?: Rating;
  feedbackOpen?: boolean;
  showOther?: boolean;
}

/** A turn for a question just asked. */
export function newTurn(question: string, id?: string): Turn {
  return { question, id, answer: '', sources: [], done: false };
}

/** A turn from a stored question record (history, or the final record of a stream). */
export function turnOf(q: QuestionRecord): Turn {
  return {
    question: q.text,
    id: q.id,
    answer: q.response,
    sources: q.sources,
    done: q.is_ready,
    error: q.error?.detail,
  };
}
