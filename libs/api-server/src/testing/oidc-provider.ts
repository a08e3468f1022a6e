import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

/** How the test provider alters the ID tokens it issues (see `oidc-provider-process.mjs`). */
export type IdTokenMode = 'normal' | 'issuer' | 'audience' | 'expired' | 'nonce';

/** A real OpenID Connect provider in a child process, on a free port. */
export interface TestOidcProvider {
  /** Its issuer URL (OIDC_ISSUER_URL). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers docqa's callback URL with the client. */
  setUp(redirectUri: string): Promise<void>;
  setMode(mode: IdTokenMode): Promise<void>;
  /** Stops the process (the provider is then down). */
  close(): Promise<void>;
}

/** Starts the test provider; resolves once it listens. */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider-process.mjs')], {
    // Its warnings (development adapter and forms, Node version) are not the tests' business.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the test OIDC provider exited (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  const issuer = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: object) => {
    const res = await fetch(issuer + path, { method: 'POST', body: JSON.stringify(body) });
    if (res.status !== 204) throw new Error(`${path} answered ${res.status}`);
  };
  return {
    issuer,
    clientId: 'docqa',
    clientSecret: 'docqa-secret',
    setUp: (redirectUri) => post('/__setup', { redirect_uri: redirectUri }),
    setMode: (mode) => post('/__mode', { mode }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
