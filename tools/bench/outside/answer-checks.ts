import { LEAK_KINDS, CODE, linksOf, sitePattern } from '../answers/markup-leaks';
import type { RunAnswer } from '../answers/answer-run';

/** The fenced code blocks of an answer, each with its fences. */
const FENCED = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[`~]*[ \t]*$/gm;

/** Whether `command` sits inside a code block of the answer (a box with a copy button). */
export function inCodeBlock(answer: string, command: string): boolean {
  return [...answer.matchAll(FENCED)].some((m) => m[0].includes(command));
}

/**
 * The links and source URLs of an answer on the site at `baseUrl` that are one of the link kinds
 * of `LEAK_KINDS` (a source file path, `/_index`, an encoded shortcode, a relative target, a page
 * on the site's host outside `baseUrl`), each as `kind: link`. Links off the site's host are the
 * pages they name and are not judged. An `off-site-link` may be right (a root-relative link its
 * author wrote, `/commands/info` beside `/docs/`): it is told apart from the broken kinds.
 */
export function linkFaults(answer: RunAnswer, baseUrl: string): { kind: string; link: string }[] {
  const site = new URL(baseUrl).origin;
  const links = [...linksOf(answer.text), ...answer.sources.flatMap((s) => (s.url ? [s.url] : []))];
  const faults: { kind: string; link: string }[] = [];
  for (const link of new Set(links)) {
    if (/^https?:/i.test(link) && !link.startsWith(site)) continue;
    const kind = LEAK_KINDS.find(
      (k) => (k.in === 'links' || k.in === 'page') && sitePattern(k.pattern, baseUrl).test(link),
    );
    if (kind) faults.push({ kind: kind.name, link });
  }
  return faults;
}

/** Generator machinery in an answer's prose (code set aside), per `LEAK_KINDS` for Markdown. */
export function markupInAnswer(answer: string): string[] {
  const prose = answer.replace(CODE, '');
  return LEAK_KINDS.filter(
    (k) => k.in === 'prose' && (!k.types || k.types.includes('text/markdown')),
  ).flatMap((k) => [...prose.matchAll(new RegExp(k.pattern))].map((m) => `${k.name}: ${m[0]}`));
}
