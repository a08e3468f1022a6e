import { createServer } from 'node:net';

/**
 * Whether another program already listens on `port` of `host`, found by listening there for a
 * moment: `npm start` checks it before it prints a demo token and admin that its API, unable to
 * listen, would never serve (and before a docqa already running there answers in its place).
 */
export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' ? resolve(true) : reject(err),
    );
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}
