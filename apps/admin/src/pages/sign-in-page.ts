import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { session } from '../api/session';
import { errorView } from '../components/error-view';
import { sharedStyles } from '../styles/shared-styles';

/** Sign-in with email and password; shows why the visitor is here (expired session, signed out). */
@customElement('sign-in-page')
export class SignInPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      section {
        max-width: 26rem;
        margin: 2rem auto;
      }
      button {
        margin-top: 1rem;
        width: 100%;
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

  override render() {
    return html`<section class="card">
      <h1 tabindex="-1">Sign in to docqa</h1>
      ${session.notice ? html`<p class="notice" role="status">${session.notice}</p>` : nothing}
      <form @submit=${this.submit} novalidate>
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
      </p>
    </section>`;
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
