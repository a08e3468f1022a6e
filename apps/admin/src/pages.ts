import { html, type TemplateResult } from 'lit';
import type { PageName, Route } from './router';

/** A page: its title, the module that defines its element, and how to render it. */
interface PageDef {
  title: string;
  load: () => Promise<unknown>;
  render: (route: Route) => TemplateResult;
}

/** Every page; each module loads on first visit (its own chunk). */
export const PAGES: Record<PageName, PageDef> = {
  'sign-in': {
    title: 'Sign in',
    load: () => import('./pages/sign-in-page'),
    render: () => html`<sign-in-page></sign-in-page>`,
  },
  overview: {
    title: 'Overview',
    load: () => import('./pages/overview-page'),
    render: () => html`<overview-page></overview-page>`,
  },
  conversations: {
    title: 'Conversations',
    load: () => import('./pages/conversations-page'),
    render: (r) => html`<conversations-page .query=${r.query}></conversations-page>`,
  },
  conversation: {
    title: 'Conversation',
    load: () => import('./pages/conversation-page'),
    render: (r) => html`<conversation-page .chatId=${r.id ?? ''} .query=${r.query}></conversation-page>`,
  },
  gaps: {
    title: 'Coverage gaps',
    load: () => import('./pages/gaps-page'),
    render: () => html`<gaps-page></gaps-page>`,
  },
  knowledge: {
    title: 'Knowledge base',
    load: () => import('./pages/knowledge-page'),
    render: () => html`<knowledge-page></knowledge-page>`,
  },
  document: {
    title: 'Document',
    load: () => import('./pages/document-page'),
    render: (r) => html`<document-page .documentId=${r.id ?? ''}></document-page>`,
  },
  tokens: {
    title: 'Tokens',
    load: () => import('./pages/tokens-page'),
    render: () => html`<tokens-page></tokens-page>`,
  },
  widget: {
    title: 'Widget',
    load: () => import('./pages/widget-page'),
    render: () => html`<widget-page></widget-page>`,
  },
  integrations: {
    title: 'Integrations',
    load: () => import('./pages/integrations-page'),
    render: () => html`<integrations-page></integrations-page>`,
  },
  account: {
    title: 'Account',
    load: () => import('./pages/account-page'),
    render: () => html`<account-page></account-page>`,
  },
  'not-found': {
    title: 'Page not found',
    load: () => Promise.resolve(),
    render: () =>
      html`<section>
        <h1 tabindex="-1">Page not found</h1>
        <p>There is no page at this address. <a href="/admin/">Go to the overview</a>.</p>
      </section>`,
  },
};

/** The entries of the navigation, in order. */
export const NAV: PageName[] = [
  'overview',
  'conversations',
  'gaps',
  'knowledge',
  'tokens',
  'widget',
  'integrations',
  'account',
];
