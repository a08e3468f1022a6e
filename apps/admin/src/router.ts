/** The pages of the portal. */
export type PageName =
  | 'sign-in'
  | 'overview'
  | 'conversations'
  | 'conversation'
  | 'gaps'
  | 'evals'
  | 'eval-set'
  | 'eval-run'
  | 'knowledge'
  | 'document'
  | 'tokens'
  | 'widget'
  | 'integrations'
  | 'account'
  | 'audit'
  | 'not-found';

/** Where the portal is: a page, its path parameter and the query. */
export interface Route {
  page: PageName;
  /** The id in the path (`/admin/conversations/{id}`, `/admin/knowledge/{id}`). */
  id?: string;
  /** The second id in the path (`/admin/evals/{set}/runs/{run}`). */
  sub?: string;
  query: URLSearchParams;
}

/** The portal's base path. */
export const BASE = '/admin';

const PATHS: [RegExp, PageName][] = [
  [/^\/?$/, 'overview'],
  [/^\/sign-in\/?$/, 'sign-in'],
  [/^\/conversations\/?$/, 'conversations'],
  [/^\/conversations\/([^/]+)\/?$/, 'conversation'],
  [/^\/gaps\/?$/, 'gaps'],
  [/^\/evals\/?$/, 'evals'],
  [/^\/evals\/([^/]+)\/?$/, 'eval-set'],
  [/^\/evals\/([^/]+)\/runs\/([^/]+)\/?$/, 'eval-run'],
  [/^\/knowledge\/?$/, 'knowledge'],
  [/^\/knowledge\/([^/]+)\/?$/, 'document'],
  [/^\/tokens\/?$/, 'tokens'],
  [/^\/widget\/?$/, 'widget'],
  [/^\/integrations\/?$/, 'integrations'],
  [/^\/account\/?$/, 'account'],
  [/^\/audit\/?$/, 'audit'],
];

/** The route of a location under {@link BASE}. */
export function parseRoute(pathname: string, search = ''): Route {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const query = new URLSearchParams(search);
  for (const [pattern, page] of PATHS) {
    const m = pattern.exec(rest);
    if (m) {
      const [id, sub] = [m[1], m[2]].map((v) => (v === undefined ? undefined : decodeURIComponent(v)));
      return { page, id, sub, query };
    }
  }
  return { page: 'not-found', query };
}

/** The href of a page, e.g. `href('conversation', 'c_1')` → `/admin/conversations/c_1`. */
export function href(page: Exclude<PageName, 'not-found'>, id?: string, sub?: string): string {
  const paths: Record<typeof page, string> = {
    'sign-in': '/sign-in',
    overview: '/',
    conversations: '/conversations',
    conversation: `/conversations/${encodeURIComponent(id ?? '')}`,
    gaps: '/gaps',
    evals: '/evals',
    'eval-set': `/evals/${encodeURIComponent(id ?? '')}`,
    'eval-run': `/evals/${encodeURIComponent(id ?? '')}/runs/${encodeURIComponent(sub ?? '')}`,
    knowledge: '/knowledge',
    document: `/knowledge/${encodeURIComponent(id ?? '')}`,
    tokens: '/tokens',
    audit: '/audit',
    widget: '/widget',
    integrations: '/integrations',
    account: '/account',
  };
  return BASE + paths[page];
}

/** `path` with `query` appended, when it has any (`/admin/conversations?channel=mcp`). */
export function withQuery(path: string, query: URLSearchParams): string {
  const s = query.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * History-API routing for the single-page app: links to `/admin/…` (in any shadow root) navigate
 * without a reload, back and forward work, and `change` fires on every move.
 */
export class Router extends EventTarget {
  route: Route = parseRoute(location.pathname, location.search);

  /** Listens to link clicks and history moves. */
  start(): void {
    window.addEventListener('popstate', () => this.update());
    document.addEventListener('click', (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
      if (!link || link.target || link.origin !== location.origin) return;
      if (!link.pathname.startsWith(BASE) || link.hasAttribute('download')) return;
      e.preventDefault();
      this.navigate(link.pathname + link.search);
    });
  }

  /** Goes to `path` (a full `/admin/…` path with an optional query). */
  navigate(path: string, opts: { replace?: boolean } = {}): void {
    if (path === location.pathname + location.search) return;
    if (opts.replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    this.update();
  }

  private update(): void {
    this.route = parseRoute(location.pathname, location.search);
    this.dispatchEvent(new Event('change'));
  }
}

/** The portal's router. */
export const router = new Router();
