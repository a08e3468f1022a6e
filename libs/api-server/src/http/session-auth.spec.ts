import type { AdminAccountStore, AdminSessionStore, TokenStore } from '@docqa/auth';
import { SessionAuth, type HeaderAppender } from './session-auth';

function cookiesSetBy(secure: boolean, write: (auth: SessionAuth, res: HeaderAppender) => void): string[] {
  const set: string[] = [];
  const res: HeaderAppender = { append: (name, value) => name === 'Set-Cookie' && set.push(value) };
  const auth = new SessionAuth({
    sessions: {} as AdminSessionStore,
    accounts: {} as AdminAccountStore,
    tokens: {} as TokenStore,
    secure,
    isOwnOrigin: () => true,
  });
  write(auth, res);
  return set;
}

describe('the portal session cookie', () => {
  it('is HttpOnly, SameSite=Strict and for every path, and not Secure over http', () => {
    expect(cookiesSetBy(false, (auth, res) => auth.setCookie(res, 'abc'))).toEqual([
      'docqa_session=abc; Path=/; HttpOnly; SameSite=Strict',
    ]);
  });

  it('is Secure when the public URL is https', () => {
    expect(cookiesSetBy(true, (auth, res) => auth.setCookie(res, 'abc'))).toEqual([
      'docqa_session=abc; Path=/; HttpOnly; Secure; SameSite=Strict',
    ]);
  });

  it('is cleared with an empty value that expires at once', () => {
    expect(cookiesSetBy(true, (auth, res) => auth.clearCookie(res))).toEqual([
      'docqa_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict',
    ]);
  });
});
