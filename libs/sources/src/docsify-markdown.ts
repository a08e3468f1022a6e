import { withAnchor } from '@docqa/chunking';
import { CodeFences } from './code-fences';
import { fenceIndentedCode } from './indented-code';
import { labelledBlock, labelledPart, labelOf } from './labelled-block';
import { rewriteLinks } from './markdown-links';
import { atxHeadings } from './setext-headings';

/** A docsify helper paragraph (its v4 callouts): `!> important`, `?> tip`, at a line's start. */
const HELPER = /^([!?])>[ \t]?(.*)$/;
/** A helper's body that opens with a label of its own: `**NOTE:**`, `**Note**`. */
const OWN_LABEL = /^\*\*([A-Za-z][\w ]{0,20}?):?\*\*:?\s*/;
/** A GitHub alert whose text starts on the marker's line, as docsify reads it: `> [!TIP] Text`. */
const INLINE_ALERT = /^( {0,3}>[ \t]?\[![A-Za-z]+\])[ \t]+(\S.*)$/;
/**
 * docsify's settings in a link's title or a heading (`':target=_blank'`, `':include :type=code'`,
 * `:id=install`), as its `getAndRemoveConfig` reads them: a `:key` or `:key=value` after a space;
 * a key ending in `:` is an emoji (`:smile:`), left.
 */
export const SETTING = /(?:^|\s):([\w-]+:?)=?([\w%-]+)?/g;
/** Whether a text holds one of docsify's settings (see {@link SETTING}). */
const HAS_SETTING = /(?:^|\s):[\w-]+(?![\w:-])/;
/** A link's or image's quoted title: `[x](/demo ':disabled')`, `![](a.png 'Logo :size=50')`. */
const TITLE = /(\]\((?:<[^>]*>|[^)\s]+))\s+(['"])([^'"]*)\2\)/g;
/** The marks that keep a heading out of the sidebar: `<!-- {docsify-ignore} -->`, `{docsify-ignore-all}`. */
const IGNORE_MARK = /\s*(?:<!--\s*)?\{docsify-ignore(?:-all)?\}(?:\s*-->)?/g;
/** Characters docsify's `slugify` drops: general punctuation, supplemental punctuation, ASCII's. */
const SLUG_DROPPED = /[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g;

/**
 * docsify's Markdown as its readers see it: its helper paragraphs (`?> Tip`, `!> Important`) and
 * GitHub alerts written with their text on the marker's line (`> [!NOTE] Text`) as labelled quotes;
 * headings without docsify's marks (`{docsify-ignore}`, `:id=x`), each given the id docsify gives
 * it (see {@link docsifySlug}, a custom `:id=` kept) as `{#id}`; docsify's settings dropped from
 * link and image titles (`':target=_blank'`, `':size=50x100'`, all of an embed's left a link).
 * The docsify-tabs plugin's tab sets as labelled parts. Indented code is code (docsify's Markdown
 * is marked's).
 */
export function normaliseDocsify(markdown: string): string {
  const lines = tabsAsParts(fenceIndentedCode(atxHeadings(markdown))).split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  const seen = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) {
      out.push(line);
      continue;
    }
    const helper = HELPER.exec(line);
    if (helper) {
      const body = [helper[2]!];
      while (i + 1 < lines.length && lines[i + 1]!.trim() && !HELPER.test(lines[i + 1]!))
        body.push(lines[++i]!);
      out.push(helperBlock(helper[1] === '!' ? 'Important' : 'Tip', body.join('\n')), '');
      continue;
    }
    const alert = INLINE_ALERT.exec(line);
    if (alert) {
      out.push(alert[1]!, `> ${alert[2]}`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    out.push(heading ? docsifyHeading(heading[1]!, heading[2]!, seen) : withoutSettingTitles(line));
  }
  return out.join('\n');
}

/** The docsify-tabs plugin's marks of a tab set: `<!-- tabs:start -->`, `<!-- tabs:end -->`. */
const TABS_MARK = /^\s*<!--\s*tabs:(start|end)\s*-->\s*$/;
/** A tab's label: a heading in bold (`#### **English**`, `__English__`) or a comment (`<!-- tab:English -->`). */
const TAB_LABEL = /^\s*(?:#{1,6}\s+(?:\*\*|__)(.+?)(?:\*\*|__)\s*|<!--\s*tab:\s*(.+?)\s*-->\s*)$/;

/**
 * The docsify-tabs plugin's tab sets as labelled parts (see `labelledPart`): between
 * `<!-- tabs:start -->` and `<!-- tabs:end -->`, each tab from its label (a bold heading, as the
 * plugin reads it, not a section of the page) to the next.
 */
function tabsAsParts(markdown: string): string {
  if (!markdown.includes('tabs:start')) return markdown;
  const out: string[] = [];
  const fences = new CodeFences();
  let tabs: { label: string; body: string[] }[] | undefined;
  const close = () => {
    for (const tab of tabs ?? []) out.push(labelledPart(tab.label, tab.body.join('\n')), '');
    tabs = undefined;
  };
  for (const line of markdown.split('\n')) {
    const code = fences.read(line);
    const mark = code ? null : TABS_MARK.exec(line);
    const label = code || !tabs ? null : TAB_LABEL.exec(line);
    if (mark?.[1] === 'start') {
      close();
      tabs = [];
    } else if (mark) close();
    else if (label) tabs!.push({ label: (label[1] ?? label[2])!.trim(), body: [] });
    else if (tabs?.length) tabs.at(-1)!.body.push(line);
    else if (!tabs || line.trim()) out.push(line);
  }
  close();
  return out.join('\n');
}

/** A helper paragraph as a labelled quote, led by its own bold label when it opens with one. */
function helperBlock(kind: string, body: string): string {
  const own = OWN_LABEL.exec(body);
  return own ? labelledBlock(labelOf(own[1]!), body.slice(own[0].length)) : labelledBlock(kind, body);
}

/**
 * A heading as docsify shows it, with the id it gives it: its settings (`:id=x`) and ignore marks
 * dropped from its text; its id the custom one, or the slug of its text as written (ignore marks
 * and all), numbered `-1`, `-2` when the page repeats it.
 */
function docsifyHeading(hashes: string, raw: string, seen: Map<string, number>): string {
  let custom: string | undefined;
  const text = raw
    .replace(SETTING, (whole, key: string, value: string | undefined) => {
      if (key.endsWith(':')) return whole;
      if (key === 'id' && value) custom = value;
      return '';
    })
    .replace(IGNORE_MARK, '')
    .trim();
  let id = docsifySlug(custom ?? raw);
  const count = seen.has(id) ? seen.get(id)! + 1 : 0;
  seen.set(id, count);
  if (count) id = `${id}-${count}`;
  return id ? `${hashes} ${withoutSettingTitles(text)} {#${id}}` : `${hashes} ${text}`;
}

/**
 * The id docsify gives a heading (its `slugify`): the text lower-cased, emoji, HTML tags and
 * punctuation dropped, each space a hyphen, a leading digit preceded by `_` (`1. Update` →
 * `_1-update`).
 */
export function docsifySlug(text: string): string {
  return text
    .trim()
    .normalize('NFC')
    .replace(/\uFE0F/g, '')
    .replace(/[\p{Emoji_Presentation}\p{Extended_Pictographic}]/gu, '')
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(SLUG_DROPPED, '')
    .replace(/\s/g, '-')
    .replace(/^(\d)/, '_$1');
}

/**
 * A line's link and image titles without docsify's settings (`':target=_blank'`), as docsify
 * shows them; an embed's title (`':include :type=iframe width=100%'`) is all settings.
 */
function withoutSettingTitles(line: string): string {
  if (!line.includes(':')) return line;
  return line.replace(TITLE, (whole, link: string, quote: string, title: string) => {
    if (!HAS_SETTING.test(title)) return whole;
    const settings = (text: string) =>
      text.replace(SETTING, (all, key: string) => (key.endsWith(':') ? all : ''));
    const shown = /(^|\s):include\b/.test(title) ? '' : settings(title).trim();
    return shown ? `${link} ${quote}${shown}${quote})` : `${link})`;
  });
}

/**
 * A hash-routed page's links as docsify follows them (after `linksToPages`, which read them from
 * the site's root): an anchor after a page's route (`…/#/configuration#loadsidebar`) as the
 * section's `?id=` (`…/#/configuration?id=loadsidebar`); a link to a section of the page itself
 * (`#core-theme`) as the page's URL with its `?id=`; a link from the site's root (`/guide`) as
 * that route; a link or image to a file that is no page (`_media/icon.svg`, an iframe's
 * `_media/example.html`) at the file's own URL, as docsify loads it.
 */
export function docsifyLinks(markdown: string, pageUrl: string | undefined): string {
  const at = pageUrl?.indexOf('#/') ?? -1;
  if (at < 0) return markdown;
  const routes = pageUrl!.slice(0, at + 2);
  return rewriteLinks(markdown, (target) => {
    if (/^#(?!\/)./.test(target)) return withAnchor(pageUrl!, target.slice(1));
    const fromRoot = /^\/(?!\/)/.test(target) ? routes + target.slice(1) : target;
    const routed = /^([^#]*#\/[^#]*)#(.+)$/.exec(fromRoot);
    if (routed) return withAnchor(routed[1]!, routed[2]!);
    if (ROUTED_FILE.test(fromRoot)) return fromRoot.replace('#/', '');
    return fromRoot === target ? null : fromRoot;
  });
}

/** A route to a file that is no page (`https://x.org/#/_media/icon.svg`): docsify loads it as a file. */
const ROUTED_FILE =
  /^[^#]*#\/[^?#]*\.(?:svg|png|jpe?g|gif|webp|avif|ico|html?|js|css|json|mp4|ogg|mp3|pdf|txt|zip)$/i;
