import type { QuestionRecord, Source } from '@docqa/contracts';
import { customId, discordMessage, parseCustomId } from './discord-message';

const source = (n: number, url: string | null, cited = true): Source =>
  ({
    document_id: `d${n}`,
    chunk_id: 'c',
    title: `Page ${n}`,
    url,
    snippet: '',
    score: 1,
    cited,
    metadata: {},
  }) as Source;
const final = { status: 'ready' } as QuestionRecord;

describe('Discord messages', () => {
  it('reads back the custom ids it writes, and nothing else', () => {
    expect(parseCustomId(customId('up', 'q_abc-1'))).toEqual({ action: 'up', id: 'q_abc-1' });
    expect(parseCustomId('docqa:delete:q_1')).toBeNull();
    expect(parseCustomId('other:up:q_1')).toBeNull();
    expect(parseCustomId(42)).toBeNull();
  });

  it('shows a draft without buttons, and the final answer with its cited sources and feedback', () => {
    const sources = [
      source(1, 'https://docs.test/a'),
      source(2, null),
      source(3, 'https://docs.test/c', false),
    ];
    const draft = discordMessage({ questionId: 'q_1', text: 'Partial', sources }, 'c_1');
    expect(draft.components).toEqual([]);
    expect(draft.content).toContain('Partial');
    const done = discordMessage({ questionId: 'q_1', text: 'Answer [1]', sources, final }, 'c_1');
    expect(done.content).toBe('Answer [1]');
    const [links, buttons] = done.components as {
      components: { label: string; url?: string; custom_id?: string }[];
    }[];
    expect(links!.components).toEqual([
      expect.objectContaining({ label: '1. Page 1', url: 'https://docs.test/a' }),
    ]);
    expect(buttons!.components.map((b) => b.custom_id)).toEqual([
      'docqa:up:q_1',
      'docqa:down:q_1',
      'docqa:follow:c_1',
    ]);
    expect(done.allowed_mentions).toEqual({ parse: [] });
  });

  it('keeps a long answer within Discord’s 2,000 characters', () => {
    expect(
      discordMessage({ questionId: 'q_1', text: 'x'.repeat(5000), sources: [], final }, 'c_1').content,
    ).toHaveLength(2000);
  });
});
