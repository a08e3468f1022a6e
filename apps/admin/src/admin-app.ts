import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { roleAllows } from '@docqa/contracts/constants';
import { session } from './api/session';
import { NAV, PAGES } from './pages';
import { href, router, type PageName } from './router';
import { StoreController } from './store-controller';
import { appStyles } from './styles/app-styles';
import { sharedStyles } from './styles/shared-styles';
import { applyTheme, currentTheme, followSystemTheme } from './theme';

/**
 * The portal's shell: navigation, tenant name, theme toggle and the current page. It sends a
 * signed-out visitor to sign-in (and back to the page they wanted after), loads each page's
 * module on first visit, then moves focus to the page's heading and announces it.
 */
@customElement('admin-app')
export class AdminApp extends LitElement {
  static override styles = [sharedStyles, appStyles];

  private readonly routing = new StoreController(this, router);
  private readonly auth = new StoreController(this, session);
  @state() private menuOpen = false;
  @state() private announcement = '';
  @query('main') private main!: HTMLElement;
  private shownPage?: string;

  override connectedCallback(): void {
    super.connectedCallback();
    router.start();
    followSystemTheme(() => this.requestUpdate());
    void session.load();
  }

  override willUpdate(): void {
    const { page, query: q } = this.routing.store.route;
    if (session.status === 'signed-out' && page !== 'sign-in') {
      const next = location.pathname + location.search;
      router.navigate(`${href('sign-in')}?next=${encodeURIComponent(next)}`, { replace: true });
    } else if (session.status === 'signed-in' && page === 'sign-in') {
      const next = q.get('next');
      router.navigate(next?.startsWith('/admin') ? next : href('overview'), { replace: true });
    }
  }

  override updated(_changed: PropertyValues): void {
    if (session.status === 'unknown') return;
    const { page, id } = router.route;
    const key = `${page}/${id ?? ''}/${session.tenant ?? ''}`;
    if (key === this.shownPage) return;
    this.shownPage = key;
    this.menuOpen = false;
    void this.show(page);
  }

  /** Loads the page's module, then focuses its heading and announces it to screen readers. */
  private async show(page: PageName): Promise<void> {
    const def = PAGES[page];
    document.title = `${def.title} · docqa admin`;
    await def.load();
    await this.updateComplete;
    const el = this.main?.firstElementChild as (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
    await el?.updateComplete;
    const heading = (el?.shadowRoot ?? this.main)?.querySelector<HTMLElement>('h1');
    heading?.focus();
    this.announcement = `${def.title} page`;
  }

  override render() {
    if (session.status === 'unknown') return html`<p class="loading" role="status">Loading…</p>`;
    const route = router.route;
    const signedIn = session.status === 'signed-in';
    return html`<a class="skip" href="#main" @click=${this.skip}>Skip to content</a>
      <header>
        <a class="brand" href=${href('overview')}>docqa <span>admin</span></a>
        ${
          signedIn && session.tenant
            ? html`<span class="badge" title="Tenant"
                ><span class="visually-hidden">Tenant: </span>${session.tenant}</span
              >`
            : nothing
        }
        <span class="spacer"></span>
        <button
          type="button"
          class="secondary"
          @click=${this.toggleTheme}
          aria-pressed=${currentTheme() === 'dark'}
        >
          Dark theme
        </button>
        ${
          signedIn
            ? html`<button
                type="button"
                class="secondary menu"
                aria-expanded=${this.menuOpen}
                aria-controls="nav"
                @click=${() => (this.menuOpen = !this.menuOpen)}
              >
                Menu
              </button>`
            : nothing
        }
      </header>
      <div class="layout ${signedIn ? '' : 'bare'}">
        ${signedIn ? this.nav(route.page) : nothing}
        <main id="main" tabindex="-1">${this.page(route)}</main>
      </div>
      <div class="visually-hidden" aria-live="polite">${this.announcement}</div>`;
  }

  /** The page, or why the admin's role in this tenant does not open it. */
  private page(route: typeof router.route) {
    const def = PAGES[route.page];
    if (!this.allowed(route.page))
      return html`<section>
        <h1 tabindex="-1">${def.title}</h1>
        <p>
          This page is for a tenant’s ${def.role}s; you are ${session.role ?? 'not an admin'} of
          ${session.tenant}.
        </p>
      </section>`;
    return def.render(route);
  }

  /** Whether the admin's role in the tenant opens `page` (sign-in and not-found open to all). */
  private allowed(page: PageName): boolean {
    const role = session.role;
    return session.status !== 'signed-in' || !role || roleAllows(role, PAGES[page].role);
  }

  private nav(current: PageName) {
    const active =
      current === 'conversation' ? 'conversations' : current === 'document' ? 'knowledge' : current;
    return html`<nav id="nav" aria-label="Portal" class=${this.menuOpen ? 'open' : ''}>
      <ul>
        ${NAV.filter((page) => this.allowed(page)).map(
          (page) =>
            html`<li>
              <a
                href=${href(page as Exclude<PageName, 'not-found'>)}
                aria-current=${active === page ? 'page' : 'false'}
                >${PAGES[page].title}</a
              >
            </li>`,
        )}
      </ul>
    </nav>`;
  }

  private skip(e: Event): void {
    e.preventDefault();
    this.main.focus();
  }

  private toggleTheme(): void {
    applyTheme(currentTheme() === 'dark' ? 'light' : 'dark', true);
    this.requestUpdate();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'admin-app': AdminApp;
  }
}
