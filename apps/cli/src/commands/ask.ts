import type { Command } from 'commander';
import { withConnectionOptions } from './connection-options';

/** `ask "text" [--chat ID] [--version V]`: streams the answer to stdout, then its sources. */
export function askCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('ask <question>')
      .description('Ask a question and stream the answer')
      .option('--chat <id>', 'continue this chat')
      .option(
        '--version <name>',
        'the docs version asked about (default: the chat’s, else the default version)',
      ),
  ).action(async (question: string, opts) => {
    const { clientFor } = await import('./http-client');
    const client = await clientFor(opts, ['ask']);
    for await (const event of client.stream({ question, chat_id: opts.chat, version: opts.version })) {
      if (event.type === 'delta') process.stdout.write(event.data.text);
      else if (event.type === 'status' && event.data.restarted)
        process.stdout.write('\n[the answer restarts]\n');
      else if (event.type === 'question')
        process.stderr.write(`chat ${event.data.chat_id}, question ${event.data.question_id}\n`);
      else if (event.type === 'error') throw new Error(event.data.problem.detail ?? event.data.problem.title);
      else if (event.type === 'done') {
        process.stdout.write('\n');
        const cited = event.data.record.sources.filter((s) => s.cited);
        cited.forEach((s) =>
          process.stdout.write(
            `  [${event.data.record.sources.indexOf(s) + 1}] ${s.title}${s.url ? ` ${s.url}` : ''}\n`,
          ),
        );
      }
    }
  });
}
