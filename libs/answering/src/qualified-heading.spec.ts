import { rankSections, termWeights } from './passage-choice';
import { doesAnotherWay, qualifiedShare } from './qualified-heading';
import { questionIntent } from './question-intent';
import { sectionPassages } from './section-passage';
import { askExtractive, pageSearcher, passage, sectionPage } from './testing/page-searcher';
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

describe('doesAnotherWay', () => {
  const page = 'operations/monitoring';
  const LOCAL = passage(
    page,
    'Monitoring › Enabling JMX in local installations',
    'With Kafka and Kafka Connect, you enable JMX by setting the appropriate environment variables when you start each service.',
  );
  const LOCAL_CONNECT = passage(
    page,
    'Monitoring › Enabling JMX in local installations › Kafka Connect JMX environment variables',
    'When running Kafka Connect using a local installation, the `connect-distributed.sh` script recognizes the following environment variables:\n\n- `JMX_PORT`: Enables JMX and specifies the port number that will be used for JMX.',
  );
  const DOCKER = passage(
    page,
    'Monitoring › Enabling JMX in Docker',
    'The `debezium/connect` image recognizes JMX-related environment variables when you start the container.',
  );
  const DOCKER_CONNECT = passage(
    page,
    'Monitoring › Enabling JMX in Docker › Kafka JMX environment variables in Docker',
    'This command starts Kafka Connect with JMX:\n\n```shell\ndocker run -it --rm --name connect -e JMXPORT=9012 quay.io/debezium/connect\n```',
  );
  const question = 'How do I enable JMX for Kafka Connect in a local installation?';

  it('does not quote the command of the same task done another way than asked', async () => {
    const found = [LOCAL, DOCKER, LOCAL_CONNECT, DOCKER_CONNECT];
    const { text } = await askExtractive(question, pageSearcher(found, found));
    expect(text).toContain('JMX_PORT');
    expect(text).not.toContain('docker run');
  });

  it('reads the headings at the chosen section’s level, and needs them to share the task', () => {
    const weights = termWeights(terms(question), []);
    const chosen = sectionPassages([{ passages: [LOCAL] }], new Map())[0]!;
    const [docker, connect] = sectionPassages([{ passages: [DOCKER_CONNECT, LOCAL_CONNECT] }], new Map());
    expect(doesAnotherWay(docker!, chosen, weights)).toBe(true);
    expect(doesAnotherWay(connect!, chosen, weights)).toBe(false);
    const other = { ...docker!, section: 'Monitoring › Preparing the JMX exporter' };
    expect(doesAnotherWay(other, chosen, weights)).toBe(false);
  });
});
