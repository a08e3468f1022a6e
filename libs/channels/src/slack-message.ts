import type { Source } from '@docqa/contracts';
import type { AnswerDraft } from './answer-relay';
import { toMrkdwn } from './slack-mrkdwn';

/** `action_id`s of the feedback buttons under a Slack answer (their `value` is the question id). */
export const SLACK_FEEDBACK_ACTIONS = { up: 'docqa_feedback_up', down: 'docqa_feedback_down' } as const;
/** `callback_id` of the dialog a 👎 opens for details. */
export const SLACK_DETAILS_VIEW = 'docqa_feedback_details';

/** Longest text of one section block (Slack refuses longer). */
const SECTION_CHARS = 3000;

/** A Slack message body: blocks, and the plain text notifications and old clients show. */
export interface SlackMessage {
  text: string;
  blocks: object[];
}

/**
 * An answer as a Slack message: the answer in mrkdwn, then (once final) its numbered sources as
 * links and 👍/👎 buttons; while it streams, a line saying it is still being written.
 */
export function slackMessage(draft: AnswerDraft): SlackMessage {
  const failed = draft.final?.status === 'failed';
  const body = failed
    ? `Sorry, I could not answer that: ${draft.final?.error?.detail ?? 'the answer failed'}.`
    : toMrkdwn(draft.text, draft.sources) || '…';
  const blocks: object[] = chunk(body).map((text) => ({ type: 'section', text: { type: 'mrkdwn', text } }));
  if (!draft.final) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: '_Writing the answer…_' }] });
    return { text: body, blocks };
  }
  const sources = sourceLines(draft.sources);
  if (sources && !failed) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: sources } });
  if (!failed) blocks.push(feedbackButtons(draft.questionId));
  return { text: body, blocks };
}

/** The cited sources (all of them when none is marked cited), numbered as the answer's `[n]`. */
export function numberedSources(sources: Source[]): { n: number; source: Source }[] {
  const numbered = sources.map((source, i) => ({ n: i + 1, source }));
  const cited = numbered.filter(({ source }) => source.cited);
  return (cited.length ? cited : numbered).slice(0, 10);
}

function sourceLines(sources: Source[]): string {
  const lines = numberedSources(sources).map(({ n, source }) => {
    const title = source.title.replace(/[<>|]/g, '');
    return `${n}. ${source.url ? `<${source.url}|${title}>` : title}`;
  });
  return lines.length ? `*Sources*\n${lines.join('\n')}` : '';
}

function feedbackButtons(questionId: string): object {
  const button = (emoji: string, label: string, actionId: string) => ({
    type: 'button',
    text: { type: 'plain_text', text: `${emoji} ${label}`, emoji: true },
    action_id: actionId,
    value: questionId,
  });
  return {
    type: 'actions',
    block_id: 'docqa_feedback',
    elements: [
      button('👍', 'Helpful', SLACK_FEEDBACK_ACTIONS.up),
      button('👎', 'Not helpful', SLACK_FEEDBACK_ACTIONS.down),
    ],
  };
}

/** The dialog a 👎 opens: what was wrong, stored as the rating's details. */
export function slackDetailsView(questionId: string): object {
  return {
    type: 'modal',
    callback_id: SLACK_DETAILS_VIEW,
    private_metadata: questionId,
    title: { type: 'plain_text', text: 'What was wrong?' },
    submit: { type: 'plain_text', text: 'Send' },
    close: { type: 'plain_text', text: 'Skip' },
    blocks: [
      {
        type: 'input',
        block_id: 'details',
        optional: true,
        label: { type: 'plain_text', text: 'Tell us what the answer missed' },
        element: { type: 'plain_text_input', action_id: 'details', multiline: true, max_length: 2000 },
      },
    ],
  };
}

/** Text cut into section-sized pieces at line ends where it can be. */
function chunk(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > SECTION_CHARS) {
    const cut = rest.lastIndexOf('\n', SECTION_CHARS);
    const at = cut > SECTION_CHARS / 2 ? cut : SECTION_CHARS;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^\n/, '');
  }
  return [...pieces, rest];
}
