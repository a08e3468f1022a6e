import type { Command } from 'commander';
import { AdminAccountStore, MIN_PASSWORD_LENGTH, generatePassword } from '@docqa/auth';
import { ROLES, RoleSchema, type AdminAccount } from '@docqa/contracts';
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
  const tenants = a.all_tenants ? '*:owner' : a.tenants.map((t) => `${t}:${a.roles[t]}`).join(',');
  return [a.email, tenants, a.created_at].join('\t');
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
    .option('--all-tenants', 'administer every tenant (as an owner)')
    .option('--role <role>', `role in each --tenant: ${ROLES.join(', ')}`, 'owner')
    .option('--password-stdin', `read the password from stdin (at least ${MIN_PASSWORD_LENGTH} characters)`)
    .option('--replace', 'replace an admin of the same email (new password and tenants; ends its sessions)')
    .action(async (opts) => {
      if (!opts.tenant && !opts.allTenants)
        throw new ValidationError('name at least one tenant with --tenant <name>, or --all-tenants');
      const role = RoleSchema.safeParse(opts.role);
      if (!role.success) throw new ValidationError(`--role: use one of ${ROLES.join(', ')}`);
      const password = opts.passwordStdin ? await readStdinLine() : generatePassword();
      const account = await withAccounts((accounts) =>
        accounts.create({
          email: opts.email,
          password,
          tenants: opts.tenant ?? [],
          allTenants: Boolean(opts.allTenants),
          role: role.data,
          replace: Boolean(opts.replace),
        }),
      );
      if (!opts.passwordStdin) process.stdout.write(`${password}\n`);
      const scope = account.all_tenants
        ? 'every tenant (owner)'
        : `tenant(s) ${account.tenants.join(', ')} as ${role.data}`;
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
      process.stdout.write('EMAIL\tTENANTS:ROLES\tCREATED\n');
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
