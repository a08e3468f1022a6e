import { rankSections, termWeights } from './passage-choice';
import { qualifiedShare } from './qualified-heading';
import { questionIntent } from './question-intent';
import { sectionPage } from './testing/page-searcher';
import { terms } from './text';

describe('qualifiedShare', () => {
  const question = 'How do I create a new Starlight project?';
  const create = (template: string) =>
    `Run the following command in your terminal:\n\n\`\`\`sh\nnpm create astro@latest -- --template ${template}\n\`\`\``;
  const tailwind = sectionPage(
    'CSS & Styling',
    'Create a new project with Tailwind',
    `Start a new Starlight project with Tailwind pre-configured.\n\n${create('starlight/tailwind')}`,
    0,
  );
  const plain = sectionPage(
    'Getting Started',
    'Create a new project',
    `Starlight is a full-featured documentation theme built on top of Astro.\n\n${create('starlight')}`,
    1,
  );
  const rank = (passages = [tailwind, plain]) =>
    rankSections(passages, termWeights(terms(question), passages), 'how', questionIntent(question));

  it('ranks a heading that is the task done one particular way under the plain task', () => {
    expect(rank()[0]!.passage).toBe(plain);
    expect(rank([tailwind])[0]!.score).toBeGreaterThan(rank([plain])[0]!.score);
  });

  it('keeps the score of a section whose extra heading words the question asks', () => {
    const asked = 'How do I create a new Starlight project with Tailwind?';
    const passages = [tailwind, plain];
    const scored = rankSections(passages, termWeights(terms(asked), passages), 'how', questionIntent(asked));
    expect(scored[0]!.passage).toBe(tailwind);
    expect(qualifiedShare(scored[0]!, scored, termWeights(terms(asked), passages))).toBe(1);
  });

  it('keeps the score of a subsection under the plain heading', () => {
    const parent = { ...plain, doc: 0, section: 'Create a new project' };
    const child = {
      ...tailwind,
      doc: 0,
      section: 'Create a new project › Create a new project with Tailwind',
    };
    const scored = rank([child, parent]);
    const weights = termWeights(terms(question), [child, parent]);
    expect(
      qualifiedShare(
        scored.find((s) => s.passage === child)!,
        scored,
        weights,
      ),
    ).toBe(1);
  });
});
