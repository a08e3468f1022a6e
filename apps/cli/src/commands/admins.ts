import type { Command } from 'commander';
import { AdminAccountStore, MIN_PASSWORD_LENGTH, generatePassword } from '@docqa/auth';
import type { AdminAccount } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { withRedis } from './redis-clients';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const withAccounts = <T>(run: (accounts: AdminAccountStore) => Promise<T>) =>
  withRedis((clients) => run(new AdminAccountStore(clients)));

/** The first line of stdin (a password piped in), without its line ending. */
async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/, 1)[0] ?? '';
}

function describe(a: AdminAccount): string {
  return [a.email, a.all_tenants ? '*' : a.tenants.join(','), a.created_at].join('\t');
}

/** `admins create|list|remove`: the administration portal's accounts, in Redis directly. */
export function adminsCommand(program: Command): void {
  const admins = program
    .command('admins')
    .description('Create, list and remove accounts of the administration portal (talks to Redis directly)');

  admins
    .command('create')
    .description('Create an admin; prints a fresh password once on stdout, or reads one from stdin')
    .requiredOption('--email <email>', 'the email the admin signs in with')
    .option('--tenant <tenant>', 'tenant the admin administers (repeatable)', collect)
    .option('--all-tenants', 'administer every tenant')
    .option('--password-stdin', `read the password from stdin (at least ${MIN_PASSWORD_LENGTH} characters)`)
    .option('--replace', 'replace an admin of the same email (new password and tenants; ends its sessions)')
    .action(async (opts) => {
      if (!opts.tenant && !opts.allTenants)
        throw new ValidationError('name at least one tenant with --tenant <name>, or --all-tenants');
      const password = opts.passwordStdin ? await readStdinLine() : generatePassword();
      const account = await withAccounts((accounts) =>
        accounts.create({
          email: opts.email,
          password,
          tenants: opts.tenant ?? [],
          allTenants: Boolean(opts.allTenants),
          replace: Boolean(opts.replace),
        }),
      );
      if (!opts.passwordStdin) process.stdout.write(`${password}\n`);
      const scope = account.all_tenants ? 'every tenant' : `tenant(s) ${account.tenants.join(', ')}`;
      process.stderr.write(`created admin ${account.email} for ${scope}\n`);
    });

  admins
    .command('list')
    .description('List admins (never their password hashes)')
    .option('--json', 'one JSON object per line')
    .action(async (opts) => {
      const accounts = await withAccounts((store) => store.list());
      if (opts.json) {
        for (const a of accounts) process.stdout.write(`${JSON.stringify(a)}\n`);
        return;
      }
      process.stdout.write('EMAIL\tTENANTS\tCREATED\n');
      for (const a of accounts) process.stdout.write(`${describe(a)}\n`);
    });

  admins
    .command('remove <email>')
    .description('Remove an admin; their open sessions stop working at once')
    .action(async (email: string) => {
      if (!(await withAccounts((store) => store.remove(email))))
        throw new ValidationError(`no admin ${email}`);
      process.stderr.write(`removed ${email}\n`);
    });
}
