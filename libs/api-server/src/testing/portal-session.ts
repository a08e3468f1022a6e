import { CSRF_HEADER, SESSION_COOKIE, TENANT_HEADER, type AdminSession } from '@docqa/contracts';

/** A signed-in portal session for API tests: its cookie, CSRF token and a fetch that sends them. */
export interface PortalSession {
  /** The `docqa_session` value. */
  id: string;
  session: AdminSession;
  /** The raw `Set-Cookie` header of the sign-in. */
  setCookie: string;
  /**
   * Fetches `apiUrl + path` with the cookie; `csrf: false` leaves out `X-CSRF-Token`, a string
   * sends that instead; `tenant` sets `X-Docqa-Tenant`; a plain object body is sent as JSON.
   */
  call(
    path: string,
    init?: { method?: string; body?: unknown; tenant?: string; csrf?: boolean | string },
  ): Promise<Response>;
}

/** Posts `POST /admin/session`. */
export function postSignIn(apiUrl: string, email: string, password: string): Promise<Response> {
  return fetch(`${apiUrl}admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in and returns the session; throws unless the API answers 200. */
export async function signIn(apiUrl: string, email: string, password: string): Promise<PortalSession> {
  const res = await postSignIn(apiUrl, email, password);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const id = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  if (!id) throw new Error(`no ${SESSION_COOKIE} cookie in "${setCookie}"`);
  const session = (await res.json()) as AdminSession;
  return {
    id,
    session,
    setCookie,
    call(path, init = {}) {
      const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${id}` };
      if (init.tenant) headers[TENANT_HEADER] = init.tenant;
      const csrf = init.csrf ?? true;
      if (csrf !== false) headers[CSRF_HEADER] = csrf === true ? session.csrf_token : csrf;
      let body: BodyInit | undefined;
      if (init.body instanceof FormData) body = init.body;
      else if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      return fetch(apiUrl + path, { method: init.method ?? 'GET', headers, body });
    },
  };
}
