import { CodeFences } from './code-fences';
import { admonitions } from './docusaurus-markdown';
import { headingText, withHeadingIds, type HeadingIdRules } from './heading-ids';
import { fenceIndentedCode } from './indented-code';
import { labelledPart } from './labelled-block';
import { atxHeadings } from './setext-headings';
import { stripJsx } from './strip-mdx';

/**
 * Containers whose content shows without a frame: tabs of code (labelled by their fences), tabs
 * of `vitepress-plugin-tabs` (labelled by their `== Label` lines), raw HTML.
 */
const UNWRAPPED = new Set(['code-group', 'tabs', 'raw', 'v-pre']);
/**
 * A line of a Vue template that the site fills in from data when it builds (`<div v-for="dep in
 * data.deps">`, `{{ dep.name }}`, `<template v-else>`): without the data, no text a reader sees.
 */
const VUE_TEMPLATING = /\{\{[^}]*\}\}|\sv-(?:for|if|else-if|else|show|html|text|bind)\b|<\/?template\b/;
/** A fence's opening line: its indentation, its run, its info (`js twoslash [vite.config.js]`). */
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
/** A Shiki notation at a code line's end: `// [!code ++]`, `# [!code focus]`, `<!-- [!code hl] -->`. */
const NOTATION = /[ \t]*(?:\/\/|#|<!--|\/\*|--|;)[ \t]*\[!code\s+([^\]]+)\][ \t]*(?:-->|\*\/)?[ \t]*$/;

/**
 * VitePress Markdown as its readers see it: containers (`::: tip Title`, `::: details`, nested
 * `::::`) as labelled quotes; a `::: code-group`'s code blocks each as a part labelled by its
 * fence (`bash [npm]` → `**npm**:`), and `::: tabs`' tabs by their `== Label` lines, as is any
 * code block with a label (a file name, `js [vite.config.js]`); fences' info reduced to the
 * language (`js{4}`, `ts:line-numbers`, `twoslash` dropped); TwoSlash's hidden lines (before
 * `// ---cut---`, `// @errors`, `// ^?`) and Shiki's notations (`// [!code ++]`; a line marked `--`
 * is shown struck out and left out of a copy, so it is left out) removed; `<script setup>` and
 * `<style>` blocks, Vue component tags (their text kept), lines of Vue templating (`v-for`,
 * `{{ dep.name }}`), `[[toc]]`, attribute lists and imports no file filled in dropped; headings
 * given VitePress's anchors (`## server.host` → `#server-host`), a custom `{#id}` kept. Indented
 * code is code, as in any markdown-it page. Snippet imports and includes are put in before (see
 * `withVitepressIncludes`).
 */
export function normaliseVitepress(markdown: string): string {
  const prose = withoutVueBlocks(atxHeadings(fenceIndentedCode(markdown)));
  return withHeadingIds(admonitions(tabLabels(labelledCodeBlocks(prose)), UNWRAPPED), VITEPRESS_IDS).replace(
    /\n{3,}/g,
    '\n\n',
  );
}

/**
 * `<script>`/`<style>` blocks, `[[toc]]`, attribute lists on lines of their own and imports left
 * over dropped, component tags stripped (outside code).
 */
function withoutVueBlocks(markdown: string): string {
  const fences = new CodeFences();
  const out: string[] = [];
  let block: string | null = null;
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(stripJsx(prose.join('\n')));
    prose = [];
  };
  for (const line of markdown.split('\n')) {
    if (block) {
      if (new RegExp(`</${block}\\s*>`, 'i').test(line)) block = null;
      continue;
    }
    if (fences.read(line)) {
      flush();
      out.push(line);
      continue;
    }
    const open = /^\s*<(script|style)\b[^>]*>/i.exec(line);
    if (open) {
      if (!new RegExp(`</${open[1]}\\s*>`, 'i').test(line)) block = open[1]!;
      continue;
    }
    // An attribute list on a line of its own (`{#projects-config}`) marks the block after it.
    if (
      /^\s*(\[\[toc\]\]|<<<\s+\S.*|<!--\s*@include:.*-->|\{[#.][^}]*\})\s*$/i.test(line) ||
      VUE_TEMPLATING.test(line)
    )
      continue;
    prose.push(line);
  }
  flush();
  return out.join('\n');
}

/**
 * The tabs of `vitepress-plugin-tabs` (`:::tabs` with a `== npm` line opening each tab, `===`
 * for a set holding another) as labelled parts: `**npm**:`.
 */
function tabLabels(markdown: string): string {
  const fences = new CodeFences();
  const open: string[] = [];
  return markdown
    .split('\n')
    .map((line) => {
      if (fences.read(line)) return line;
      const container = /^\s*(:{3,})\s*([\w-]*)/.exec(line);
      if (container && container[2]) open.push(container[2] === 'tabs' ? container[1]! : '');
      else if (container && open.length && line.trim() === container[1]) open.pop();
      const tab = open.at(-1) ? /^\s*={2,}\s+(\S.*?)\s*$/.exec(line) : null;
      return tab ? `**${tab[1]}**:` : line;
    })
    .join('\n');
}

/**
 * Each fenced code block as its reader sees it (see {@link normaliseVitepress}; Nuxt Content's
 * fences are written the same way), labelled when its fence names a label.
 */
export function labelledCodeBlocks(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!fences.read(lines[i]!) || !open) {
      out.push(lines[i]!);
      continue;
    }
    const body: string[] = [];
    let close = '';
    for (i++; i < lines.length; i++) {
      fences.read(lines[i]!);
      if (!fences.inside) {
        close = lines[i]!;
        break;
      }
      body.push(lines[i]!);
    }
    const [, indent = '', run = '', info = ''] = open;
    // A title holding brackets escapes them (Nuxt Content's `vue [pages/[slug\\].vue]`).
    const label = /\[(.*)\]/.exec(info)?.[1]?.replace(/\\/g, '').trim();
    const language = /^\s*([\w#+.-]+)/.exec(info.replace(/\[.*\]/, ''))?.[1] ?? '';
    const code = codeLines(body, /\btwoslash\b/.test(info));
    const block = [`${indent}${run}${language}`, ...code, close || `${indent}${run}`];
    if (!label) out.push(...block);
    else out.push(...indented(labelledPart(label, block.join('\n')), indent));
  }
  return out.join('\n');
}

/** A part's lines indented as the code block it holds was (a list item's): the part is dedented. */
function indented(text: string, indent: string): string[] {
  return text.split('\n').map((line) => (line ? indent + line : line));
}

/** A code block's lines as shown: TwoSlash's hidden lines and Shiki's notations removed. */
function codeLines(body: string[], twoslash: boolean): string[] {
  let lines = body;
  if (twoslash) {
    const cut = lines.findIndex((l) => /^\s*\/\/\s*---cut(-before)?---\s*$/.test(l));
    if (cut !== -1) lines = lines.slice(cut + 1);
    const after = lines.findIndex((l) => /^\s*\/\/\s*---cut-after---\s*$/.test(l));
    if (after !== -1) lines = lines.slice(0, after);
    let hidden = false;
    lines = lines.filter((l) => {
      if (/^\s*\/\/\s*---cut-start---/.test(l)) hidden = true;
      else if (/^\s*\/\/\s*---cut-end---/.test(l)) return (hidden = false);
      return !hidden && !/^\s*\/\/\s*(@\w+|\^[?|^]?)/.test(l);
    });
  }
  return lines.flatMap((line) => {
    const notation = NOTATION.exec(line);
    if (!notation) return [line];
    return /^--$|^--:/.test(notation[1]!.trim()) ? [] : [line.slice(0, notation.index)];
  });
}

/** VitePress's heading ids (markdown-it-anchor's): its slug, `-1`, `-2`… for repeats. */
const VITEPRESS_IDS: HeadingIdRules = {
  slug: vitepressSlug,
  repeat: (slug, n) => `${slug}-${n}`,
};

/**
 * VitePress's slug of a heading (`@mdit-vue/shared`'s `slugify` of its text: links as their
 * text, tags and code backticks dropped): accents dropped, every run of spaces and punctuation
 * one `-` (`server.host` → `server-host`, `Dev Containers / VS Code` → `dev-containers-vs-code`),
 * lower case, a leading digit behind `_`.
 */
export function vitepressSlug(heading: string): string {
  return headingText(heading)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/**
 * The text a VitePress home page (`layout: home`) shows from its front matter: the hero's name,
 * text and tagline, and each feature's title and details. Empty when it holds none (a home page
 * its theme's own components draw, as Vite's is).
 */
export function vitepressHomeText(front: Record<string, unknown>): string {
  if (front.layout !== 'home') return '';
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const hero = (front.hero ?? {}) as Record<string, unknown>;
  const lines = [text(hero.name), text(hero.text), text(hero.tagline)].filter(Boolean);
  const features = Array.isArray(front.features) ? (front.features as Record<string, unknown>[]) : [];
  const items = features.flatMap((f) => {
    const [title, details] = [text(f?.title), text(f?.details)];
    return title || details ? [`- ${[title && `**${title}**`, details].filter(Boolean).join(': ')}`] : [];
  });
  return [lines.join('\n\n'), items.join('\n')].filter(Boolean).join('\n\n');
}
