import { launchChromium } from '@docqa/testing';

/** What a thread shows: the question asked and the answer message as posted (its payload). */
export interface PostedThread {
  question: string;
  /** Slack: `{text, blocks}` of the final `chat.postMessage`/`chat.update`; Discord: the webhook edit. */
  payload: Record<string, unknown>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack mrkdwn as Slack shows it, roughly: code blocks, `<url|text>` links, bold, italics, code. */
function mrkdwn(text: string): string {
  const parts = text.split(/```\n?([\s\S]*?)\n?```/);
  return parts
    .map((part, i) => {
      if (i % 2) return `<pre>${part}</pre>`;
      return part
        .replace(/&lt;(https?:[^|]+?)\|(.+?)&gt;/g, '<a href="$1">$2</a>')
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/(^|[\s(])\*([^*\n]+)\*/g, '$1<b>$2</b>')
        .replace(/(^|[\s(])_([^_\n]+)_/g, '$1<i>$2</i>')
        .replace(/\n/g, '<br>');
    })
    .join('');
}

function slackHtml(thread: PostedThread): string {
  const blocks = (thread.payload.blocks ?? []) as {
    type: string;
    text?: { text: string };
    elements?: { text: { text: string } }[];
  }[];
  const body = blocks
    .map((b) =>
      b.type === 'actions'
        ? `<div class="buttons">${(b.elements ?? []).map((e) => `<button>${esc(e.text.text)}</button>`).join('')}</div>`
        : `<div class="block">${mrkdwn(b.text?.text ?? '')}</div>`,
    )
    .join('');
  return `<style>body{font:15px/1.46 Lato,system-ui,sans-serif;background:#fff;color:#1d1c1d;margin:0;padding:20px;width:720px}
.msg{display:flex;gap:10px;margin-bottom:16px}.avatar{width:36px;height:36px;border-radius:6px;background:#4a154b;flex:none}
.name{font-weight:900}.block{margin:4px 0}pre{background:#f8f8f8;border:1px solid #ddd;border-radius:4px;padding:8px;font:12px Monaco,monospace;white-space:pre-wrap}
code{color:#e01e5a;background:#f6f6f6;border:1px solid #ddd;border-radius:3px;padding:0 2px;font:12px Monaco,monospace}a{color:#1264a3;text-decoration:none}
.buttons button{font:700 13px Lato,sans-serif;border:1px solid #ddd;background:#fff;border-radius:4px;padding:6px 12px;margin-right:8px}
.thread{color:#616061;font-size:13px;border-top:1px solid #eee;padding-top:8px;margin-bottom:12px}</style>
<div class="msg"><div class="avatar" style="background:#e8912d"></div><div><span class="name">Ada</span><div>@Docs ${esc(thread.question)}</div></div></div>
<div class="thread">Thread · 1 reply</div>
<div class="msg"><div class="avatar"></div><div><span class="name">Docs</span> <small>APP</small>${body}</div></div>`;
}

function discordHtml(thread: PostedThread): string {
  const content = String(thread.payload.content ?? '');
  const rows = (thread.payload.components ?? []) as {
    components: { label: string; url?: string; emoji?: { name: string }; style: number }[];
  }[];
  const text = content
    .split(/```\w*\n?([\s\S]*?)\n?```/)
    .map((part, i) =>
      i % 2
        ? `<pre>${esc(part)}</pre>`
        : esc(part)
            .replace(/`([^`]+)`/g, '<code>$1</code>')
            .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
            .replace(/\n/g, '<br>'),
    )
    .join('');
  const buttons = rows
    .map(
      (row) =>
        `<div class="row">${row.components
          .map(
            (c) =>
              `<span class="btn s${c.style}">${c.emoji ? `${c.emoji.name} ` : ''}${esc(c.label)}${c.url ? ' ↗' : ''}</span>`,
          )
          .join('')}</div>`,
    )
    .join('');
  return `<style>body{font:16px/1.375 "gg sans",system-ui,sans-serif;background:#313338;color:#dbdee1;margin:0;padding:20px;width:720px}
.msg{display:flex;gap:14px;margin-bottom:14px}.avatar{width:40px;height:40px;border-radius:50%;background:#5865f2;flex:none}.name{color:#f2f3f5;font-weight:600}
.used{color:#949ba4;font-size:14px}pre{background:#2b2d31;border:1px solid #1e1f22;border-radius:4px;padding:8px;font:14px Consolas,monospace;white-space:pre-wrap}
code{background:#2b2d31;border-radius:3px;padding:0 3px;font:14px Consolas,monospace}.row{margin-top:8px}
.btn{display:inline-block;border-radius:3px;padding:4px 14px;margin-right:8px;font-size:14px;color:#fff;background:#4e5058}.s1{background:#5865f2}</style>
<div class="used">↳ <b>Ada</b> used <span style="color:#c9cdfb">/ask</span> question: ${esc(thread.question)}</div>
<div class="msg"><div class="avatar"></div><div><span class="name">Docs</span> <small>APP</small><div>${text}</div>${buttons}</div></div>`;
}

/** Renders each platform's posted answer as that platform roughly shows it and screenshots it. */
export async function renderThreads(
  shots: { slack: PostedThread; discord: PostedThread },
  dir: string,
): Promise<void> {
  const browser = await launchChromium();
  try {
    for (const [name, html] of [
      ['slack', slackHtml(shots.slack)],
      ['discord', discordHtml(shots.discord)],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 760, height: 400 } });
      await page.setContent(`<!doctype html><meta charset="utf-8">${html}`);
      await page.screenshot({ path: `${dir}/channels-${name}.png`, fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
