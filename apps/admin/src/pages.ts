import { html, type TemplateResult } from 'lit';
import type { Role } from '@docqa/contracts';
import type { PageName, Route } from './router';

/** A page: its title, the least role it is for, the module that defines its element, and how to render it. */
interface PageDef {
  title: string;
  /** The least role in the tenant (as the server's table has it for the calls the page makes). */
  role: Role;
  load: () => Promise<unknown>;
  render: (route: Route) => TemplateResult;
}

/** Every page; each module loads on first visit (its own chunk). */
export const PAGES: Record<PageName, PageDef> = {
  'sign-in': {
    role: 'viewer',
    title: 'Sign in',
    load: () => import('./pages/sign-in-page'),
    render: () => html`<sign-in-page></sign-in-page>`,
  },
  overview: {
    role: 'viewer',
    title: 'Overview',
    load: () => import('./pages/overview-page'),
    render: () => html`<overview-page></overview-page>`,
  },
  conversations: {
    role: 'viewer',
    title: 'Conversations',
    load: () => import('./pages/conversations-page'),
    render: (r) => html`<conversations-page .query=${r.query}></conversations-page>`,
  },
  conversation: {
    role: 'viewer',
    title: 'Conversation',
    load: () => import('./pages/conversation-page'),
    render: (r) => html`<conversation-page .chatId=${r.id ?? ''} .query=${r.query}></conversation-page>`,
  },
  gaps: {
    role: 'viewer',
    title: 'Coverage gaps',
    load: () => import('./pages/gaps-page'),
    render: () => html`<gaps-page></gaps-page>`,
  },
  evals: {
    role: 'viewer',
    title: 'Evaluations',
    load: () => import('./pages/evals-page'),
    render: () => html`<evals-page></evals-page>`,
  },
  'eval-set': {
    role: 'viewer',
    title: 'Evaluation set',
    load: () => import('./pages/eval-set-page'),
    render: (r) => html`<eval-set-page .setName=${r.id ?? ''}></eval-set-page>`,
  },
  'eval-run': {
    role: 'viewer',
    title: 'Evaluation run',
    load: () => import('./pages/eval-run-page'),
    render: (r) =>
      html`<eval-run-page .setName=${r.id ?? ''} .runId=${r.sub ?? ''} .query=${r.query}></eval-run-page>`,
  },
  knowledge: {
    role: 'editor',
    title: 'Knowledge base',
    load: () => import('./pages/knowledge-page'),
    render: () => html`<knowledge-page></knowledge-page>`,
  },
  document: {
    role: 'editor',
    title: 'Document',
    load: () => import('./pages/document-page'),
    render: (r) => html`<document-page .documentId=${r.id ?? ''}></document-page>`,
  },
  tokens: {
    role: 'owner',
    title: 'Tokens',
    load: () => import('./pages/tokens-page'),
    render: () => html`<tokens-page></tokens-page>`,
  },
  widget: {
    role: 'editor',
    title: 'Widget',
    load: () => import('./pages/widget-page'),
    render: () => html`<widget-page></widget-page>`,
  },
  integrations: {
    role: 'owner',
    title: 'Integrations',
    load: () => import('./pages/integrations-page'),
    render: () => html`<integrations-page></integrations-page>`,
  },
  account: {
    role: 'viewer',
    title: 'Account',
    load: () => import('./pages/account-page'),
    render: () => html`<account-page></account-page>`,
  },
  audit: {
    role: 'owner',
    title: 'Audit log',
    load: () => import('./pages/audit-page'),
    render: (r) => html`<audit-page .query=${r.query}></audit-page>`,
  },
  'not-found': {
    role: 'viewer',
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
  'evals',
  'knowledge',
  'tokens',
  'widget',
  'audit',
  'integrations',
  'account',
];
