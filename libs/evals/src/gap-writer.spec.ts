import { FakeListChatModel } from '@langchain/core/utils/testing';
import { ModelGapWriter } from './gap-writer';

const QUESTIONS = ['Is there a dark mode?'];
const HEADINGS = ['Overview', 'Is there a dark mode?'];
const SECTIONS = [{ place: 'Widget › Themes', text: 'The widget follows the data-theme attribute.' }];

const writer = (model: FakeListChatModel, timeoutMs?: number) =>
  new ModelGapWriter(model, 'test-model', timeoutMs);

describe('ModelGapWriter', () => {
  it("gives the model's Markdown with its name, without a fence it wrapped the reply in", async () => {
    const model = new FakeListChatModel({ responses: ['```markdown\n## Overview\n\nYes.\n```'] });
    expect(await writer(model).write(QUESTIONS, HEADINGS, SECTIONS)).toEqual({
      ok: true,
      markdown: '## Overview\n\nYes.',
      model: 'test-model',
    });
  });

  it('sends the questions, the headings and the sections', async () => {
    const model = new FakeListChatModel({ responses: ['## Overview\n\nYes.'] });
    const seen: string[] = [];
    const stream = model.stream.bind(model);
    model.stream = async (input, options) => {
      seen.push(JSON.stringify(input));
      return stream(input, options);
    };
    await writer(model).write(QUESTIONS, HEADINGS, SECTIONS);
    expect(seen[0]).toContain('Questions:\\n- Is there a dark mode?');
    expect(seen[0]).toContain('Headings:\\n## Overview\\n## Is there a dark mode?');
    expect(seen[0]).toContain('[1] Widget › Themes\\nThe widget follows the data-theme attribute.');
  });

  it('gives the reason when the model times out or replies with nothing', async () => {
    const slow = new FakeListChatModel({ responses: ['## Overview\n\nYes.'], sleep: 1000 });
    const late = await writer(slow, 20).write(QUESTIONS, HEADINGS, SECTIONS);
    expect(late.ok).toBe(false);
    const empty = await writer(new FakeListChatModel({ responses: ['  '] })).write(QUESTIONS, HEADINGS, []);
    expect(empty).toEqual({ ok: false, reason: 'the model replied with nothing' });
  });
});
