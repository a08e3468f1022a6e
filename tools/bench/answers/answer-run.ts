import type { AnswerChunk, Answerer } from '@docqa/answering';
import type { Source } from '@docqa/contracts';

/** One answer as a reader gets it. */
export interface RunAnswer {
  text: string;
  sources: Source[];
  words: number;
}

/** Asks an answerer one question and collects the streamed answer. */
export async function runAnswer(
  answerer: Answerer,
  question: string,
  history: { question: string; answer: string }[] = [],
  version?: string,
): Promise<RunAnswer> {
  let text = '';
  let sources: Source[] = [];
  for await (const chunk of answerer.answer({
    tenant: 'eval',
    question,
    history,
    filters: [],
    version,
  }) as AsyncIterable<AnswerChunk>) {
    if (chunk.type === 'delta') text += chunk.text;
    else if (chunk.type === 'sources') sources = chunk.sources;
  }
  return { text, sources, words: text.match(/\S+/g)?.length ?? 0 };
}

/** Cited document ids of an answer, as its `[n]` markers name them. */
export function citedDocuments(answer: RunAnswer): Set<string> {
  const cited = new Set<string>();
  for (const match of answer.text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) {
    for (const n of match[1]!.split(',')) {
      const source = answer.sources[Number(n.trim()) - 1];
      if (source) cited.add(source.document_id);
    }
  }
  return cited;
}

/**
 * What a reader would call broken in an answer: a raw table row, a sentence ending in ":" with
 * nothing after it, a sentence said twice, a `[n]` marker with no source, an unclosed code fence.
 */
export function presentationIssues(answer: RunAnswer): string[] {
  const issues: string[] = [];
  const lines = answer.text.split('\n');
  if (lines.some((l) => /^\s*\|.*\|\s*$/.test(l))) issues.push('raw table row');
  if ((answer.text.match(/^\s*(```|~~~)/gm) ?? []).length % 2) issues.push('unclosed code fence');
  const paragraphs = answer.text.split(/\n\s*\n/);
  paragraphs.forEach((p, i) => {
    const next = paragraphs[i + 1];
    const endsColon = /:\s*(\[\d+\])?\s*$/.test(p) || /\[\d+\]:\s*$/.test(p);
    if (endsColon && (!next || !/^\s*(```|~~~|[-*+] |\d+[.)] |>)/.test(next)))
      issues.push('":" with nothing after');
  });
  const sentences = answer.text
    .replace(/```[\s\S]*?```/g, '')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) =>
      s
        .replace(/\[\d+(?:,\s*\d+)*\]/g, '')
        .trim()
        .toLowerCase(),
    )
    .filter((s) => s.length > 20);
  if (new Set(sentences).size < sentences.length) issues.push('repeated sentence');
  for (const match of answer.text.matchAll(/\[(\d{1,3})\]/g))
    if (!answer.sources[Number(match[1]) - 1]?.cited) issues.push(`[${match[1]}] names no cited source`);
  return issues;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
