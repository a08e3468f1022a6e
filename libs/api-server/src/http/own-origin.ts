import type { Request } from 'express';

/** Whether a browser's `Origin` is the installation's own (see {@link ownOrigin}). */
export type OwnOrigin = (req: Request, origin: string) => boolean;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The own origin a request came from, for a token bound to it: its `Origin` when that is the
 * installation's own, else `PUBLIC_URL`'s, else localhost on the port the request came in on.
 */
export function ownOriginOf(req: Request, publicUrl: string | undefined): string {
  const origin = req.get('origin');
  if (origin && ownOrigin(publicUrl)(req, origin)) return origin;
  return publicUrl ? new URL(publicUrl).origin : new URL(`http://localhost:${req.socket.localPort}`).origin;
}

/**
 * The installation's own origins, whose pages (the demo page, Swagger UI, the portal) the API
 * serves itself: `PUBLIC_URL`'s origin, and a loopback address on the port the request came in on
 * (`npm start`, a tunnel to the server). Never judged from the request's `Host` header: a name an
 * attacker rebinds to the server's address sends its own `Host` along with its own `Origin`.
 */
export function ownOrigin(publicUrl: string | undefined): OwnOrigin {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, origin) => {
    if (origin === configured) return true;
    const port = req.socket.localPort;
    return (
      port !== undefined && LOOPBACK_HOSTS.some((host) => origin === new URL(`http://${host}:${port}`).origin)
    );
  };
}
