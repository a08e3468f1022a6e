import { units } from './section-passage';
import { isCommand } from './command-unit';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

const unit = (text: string) => units(text)[0]!;

/** Debezium's procedure for the broker, as its AsciiDoc page reads once loaded: background, then one step. */
const BROKER = passage(
  'topic-auto-create-config',
  'Customization of Kafka Connect automatic topic creation › Disabling automatic topic creation for the Kafka broker',
  [
    'By default, the Kafka broker configuration enables the broker to create topics at runtime if the topics do not already exist.',
    'However, the broker cannot create topics with unique settings for different connectors.',
    'All topics that a broker creates have the same retention period, compaction settings, partition count, replication factors and so forth.',
    'If you have multiple connectors and each requires its own topic configuration, use Kafka Connect automatic topic creation.',
    '',
    'If Kafka Connect topic creation is unavailable, as in deployments that use Kafka 2.6 or earlier, the only way to guarantee custom topic properties is to pre-create the topics yourself, either manually, or through a custom deployment process.',
    '',
    "As noted earlier, broker topic creation and Kafka Connect topic creation are independent, so to use the Kafka Connect mechanism, it's not strictly necessary to disable topic creation at the broker.",
    'That said, preventing the broker from creating topics provides the following advantages:',
    '',
    '- Prevents accidental topic creation.',
    '- Ensures all connector topics are created through the Connect configuration.',
    '- Makes topic configuration more predictable and auditable.',
    '',
    'Procedure',
    '',
    '- In the broker configuration, set the value of `auto.create.topics.enable` to `false`.',
  ].join('\n'),
  'Customization of Kafka Connect automatic topic creation',
);
/** The page's next section, about the other mechanism. */
const CONNECT = passage(
  'topic-auto-create-config',
  'Customization of Kafka Connect automatic topic creation › Set up Kafka Connect',
  [
    'Automatic topic creation in Kafka Connect is controlled by the `topic.creation.enable` property.',
    'The default value for the property is `true`, enabling automatic topic creation, as shown in the following example:',
    '',
    '```shell\ntopic.creation.enable = true\n```',
    '',
    'Kafka Connect automatic topic creation requires you to define the configuration properties that Kafka Connect applies when creating topics.',
  ].join('\n'),
  'Customization of Kafka Connect automatic topic creation',
);

describe('a step that sets a setting to a value', () => {
  it('gives a command, as a step that says what to run does', () => {
    expect(
      isCommand(
        unit('- In the broker configuration, set the value of `auto.create.topics.enable` to `false`.'),
      ),
    ).toBe(true);
    expect(isCommand(unit('Set `appendonly` to `yes` and restart the server.'))).toBe(true);
    expect(isCommand(unit('1. Set the `lang` attribute to `es`.'))).toBe(true);
  });

  it('is not a sentence that says what a setting is set to', () => {
    expect(
      isCommand(unit('The default value for the property is `true`, enabling automatic topic creation.')),
    ).toBe(false);
    expect(isCommand(unit('Enabling `compat` sets `mode` to `legacy` for every page.'))).toBe(false);
  });

  it('is quoted for a how-do-I whose section gives it after its background', async () => {
    const retriever = pageSearcher([BROKER, CONNECT]);
    const { text } = await askExtractive(
      'How do I stop the Kafka broker from creating topics automatically?',
      retriever,
    );
    expect(text).toContain('set the value of `auto.create.topics.enable` to `false`');
  });
});
