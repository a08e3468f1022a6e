import type { AnswerDraft } from './answer-relay';
import { numberedSources } from './slack-message';

/** Longest message content Discord accepts. */
const CONTENT_CHARS = 2000;

/** `custom_id`s of docqa's components: `docqa:<action>:<question or chat id>`. */
export const DISCORD_ACTIONS = {
  up: 'up',
  down: 'down',
  followUp: 'follow',
  details: 'details',
  ask: 'ask',
} as const;
export type DiscordAction = (typeof DISCORD_ACTIONS)[keyof typeof DISCORD_ACTIONS];

/** A component's `custom_id` for an action on a question or chat. */
export function customId(action: DiscordAction, id: string): string {
  return `docqa:${action}:${id}`;
}

/** The action and id of a docqa `custom_id`, or null for anything else. */
export function parseCustomId(value: unknown): { action: DiscordAction; id: string } | null {
  const match = typeof value === 'string' ? /^docqa:(\w+):([\w-]{1,100})$/.exec(value) : null;
  const action = match?.[1] as DiscordAction | undefined;
  if (!match || !action || !Object.values(DISCORD_ACTIONS).includes(action)) return null;
  return { action, id: match[2]! };
}

/** A message body of the interaction webhook: content and components. */
export interface DiscordMessage {
  content: string;
  components: object[];
  allowed_mentions: { parse: never[] };
}

/**
 * An answer as a Discord message: the Markdown answer as written (Discord reads Markdown), and
 * once final a row of link buttons to the numbered sources (`[n]` of the answer) and a row with
 * 👍, 👎 and "Ask a follow-up". Mentions in an answer never ping anyone.
 */
export function discordMessage(draft: AnswerDraft, chatId: string): DiscordMessage {
  const failed = draft.final?.status === 'failed';
  let content = failed
    ? `Sorry, I could not answer that: ${draft.final?.error?.detail ?? 'the answer failed'}.`
    : draft.text || '…';
  if (!draft.final) content += '\n-# Writing the answer…';
  if (content.length > CONTENT_CHARS) content = `${content.slice(0, CONTENT_CHARS - 1)}…`;
  const components: object[] = [];
  if (draft.final && !failed) {
    const links = numberedSources(draft.sources)
      .filter(({ source }) => source.url && /^https?:/.test(source.url))
      .slice(0, 5)
      .map(({ n, source }) => ({
        type: 2,
        style: 5,
        label: `${n}. ${source.title}`.slice(0, 80),
        url: source.url,
      }));
    if (links.length) components.push({ type: 1, components: links });
    components.push({
      type: 1,
      components: [
        {
          type: 2,
          style: 2,
          emoji: { name: '👍' },
          label: 'Helpful',
          custom_id: customId('up', draft.questionId),
        },
        {
          type: 2,
          style: 2,
          emoji: { name: '👎' },
          label: 'Not helpful',
          custom_id: customId('down', draft.questionId),
        },
        { type: 2, style: 1, label: 'Ask a follow-up', custom_id: customId('follow', chatId) },
      ],
    });
  }
  return { content, components, allowed_mentions: { parse: [] } };
}

/** A modal with one text field: a follow-up question (`follow`) or a 👎's details (`details`). */
export function discordModal(action: 'ask' | 'details', id: string): object {
  const question = action === 'ask';
  return {
    custom_id: customId(action, id),
    title: question ? 'Ask a follow-up' : 'What was wrong?',
    components: [
      {
        type: 1,
        components: [
          {
            type: 4,
            custom_id: 'text',
            style: 2,
            label: question ? 'Your question' : 'Tell us what the answer missed',
            max_length: question ? 4000 : 2000,
            required: question,
          },
        ],
      },
    ],
  };
}
