/**
 * `npm run -s docqa -- <command>`: the docqa command line. Output for people goes to stderr,
 * data (tokens, answers, results) to stdout. Commands load what they need when they run, so
 * `docqa --help` loads little more than commander.
 */
import { Command } from 'commander';
import { exitIfNodeTooOld } from '@docqa/config';
import { adminsCommand } from './commands/admins';
import { askCommand } from './commands/ask';
import { batchCommand } from './commands/batch';
import { evalCommands } from './commands/evals';
import { ingestCommand } from './commands/ingest';
import { reindexCommand } from './commands/reindex';
import { insightsCommands } from './commands/insights';
import { integrationsCommand } from './commands/integrations';
import { searchCommand } from './commands/search';
import { sourcesCommand } from './commands/sources';
import { tokensCommand } from './commands/tokens';

exitIfNodeTooOld();

const program = new Command('docqa')
  .description('docqa: question answering over your own documentation')
  .showHelpAfterError();
tokensCommand(program);
adminsCommand(program);
ingestCommand(program);
reindexCommand(program);
sourcesCommand(program);
searchCommand(program);
askCommand(program);
batchCommand(program);
insightsCommands(program);
evalCommands(program);
integrationsCommand(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`docqa: ${message}\n`);
  process.exit(1);
});
