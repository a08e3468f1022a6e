import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { SignInOptions } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { errorView } from '../components/error-view';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

/**
 * Sign-in with single sign-on ("Sign in with …", when set up) and with email and password (unless
 * switched off); shows why the visitor is here (expired session, signed out).
 */
@customElement('sign-in-page')
export class SignInPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      section {
        max-width: 26rem;
        margin: 2rem auto;
      }
      button,
      .sso {
        margin-top: 1rem;
        width: 100%;
        box-sizing: border-box;
        text-align: center;
      }
      .notice {
        border: 1px solid var(--border);
        background: var(--surface-2);
        border-radius: 6px;
        padding: 0.6rem 0.8rem;
      }
    `,
  ];

  @state() private busy = false;
  @state() private error?: Error;
  private readonly options = new LoadController(
    this,
    (_args, signal) =>
      api.call<SignInOptions>('admin/sign-in-options', { signal, allowUnauthenticated: true }),
    () => [] as const,
  );

  override render() {
    const options = this.options.value;
    return html`<section class="card">
      <h1 tabindex="-1">Sign in to docqa</h1>
      ${session.notice ? html`<p class="notice" role="status">${session.notice}</p>` : nothing}
      ${
        options?.sso
          ? html`<a class="button sso" href=${options.sso.start_url}>Sign in with ${options.sso.name}</a>`
          : nothing
      }
      ${options && !options.password ? nothing : this.passwordForm()}
    </section>`;
  }

  private passwordForm() {
    return html`<form @submit=${this.submit} novalidate>
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        ${errorView(this.error)}
        <button type="submit" ?disabled=${this.busy}>${this.busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
      <p class="muted">
        Accounts are created on the server with
        <code>docqa admins create --email you@example.com --tenant acme</code> (or
        <code>--all-tenants</code>).
      </p>`;
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) {
      this.error = new Error('Enter your email and your password.');
      return;
    }
    this.busy = true;
    this.error = undefined;
    try {
      await session.signIn(email, password);
    } catch (err) {
      this.error = err as Error;
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLInputElement>('#password')?.select();
    } finally {
      this.busy = false;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sign-in-page': SignInPage;
  }
}
