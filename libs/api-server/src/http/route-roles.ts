import type { Principal } from '@docqa/auth';
import { roleAllows, type Role } from '@docqa/contracts';
import { RoleForbiddenError } from '@docqa/errors';
import { principalOf, type RouteCheck } from './auth';

/** What the table says of one operation. */
export interface RouteRule {
  /** The least role a portal session needs in the tenant it acts on. */
  role: Role;
  /**
   * Whether a state-changing call is recorded in the audit log. @defaultValue true (reads are
   * never recorded)
   */
  audited?: boolean;
}

const owner: RouteRule = { role: 'owner' };
const editor: RouteRule = { role: 'editor' };
const viewer: RouteRule = { role: 'viewer' };
/** Asking and rating answers: what a token's user does for itself, not administration. */
const asking: RouteRule = { role: 'editor', audited: false };

/**
 * Who may call each operation that takes a token or a session, by `operationId`: the one table
 * the server enforces (see {@link requireRole}) and the route × role test compares with. A session
 * needs at least the role named in the tenant it picked; an API token keeps its scopes, and one
 * with `admin` acts as an owner of its tenant. Every such operation must have a row: the route
 * table refuses to mount one that has none.
 */
export const ROUTE_ROLES: Readonly<Record<string, RouteRule>> = {
  // Admin accounts, tokens and the audit log: owners.
  listAdminAccounts: owner,
  createAdminAccount: owner,
  updateAdminAccountRole: owner,
  deleteAdminAccount: owner,
  listTokens: owner,
  createToken: owner,
  revokeToken: owner,
  listAuditEntries: owner,
  exportAuditEntries: owner,
  // Slack and Discord integrations (their secrets): owners (DESIGN §18).
  listIntegrations: owner,
  putSlackIntegration: owner,
  putSlackOAuthApp: owner,
  putDiscordIntegration: owner,
  deleteIntegration: owner,
  // The knowledge base, sources and widget settings: editors.
  listDocuments: editor,
  getDocument: editor,
  getDocumentChunks: editor,
  createDocuments: editor,
  uploadDocuments: editor,
  deleteDocument: editor,
  getJob: editor,
  listSources: editor,
  getSource: editor,
  createSource: editor,
  updateSource: editor,
  deleteSource: editor,
  syncSource: editor,
  getAdminWidgetSettings: editor,
  // The default docs version is a knowledge-base setting; the versions are read by askers too.
  putDefaultVersion: editor,
  listVersions: asking,
  putWidgetSettings: editor,
  createPreviewToken: editor,
  // What visitors asked: viewers.
  getInsights: viewer,
  listConversations: viewer,
  getAdminConversation: viewer,
  getCoverageGaps: viewer,
  exportQuestions: viewer,
  // Evaluations: viewers read them, editors change and run them (DESIGN §18).
  listEvalSets: viewer,
  getEvalSet: viewer,
  listEvalRuns: viewer,
  getEvalRun: viewer,
  createEvalSet: editor,
  putEvalSet: editor,
  deleteEvalSet: editor,
  importEvalItems: editor,
  startEvalRun: editor,
  cancelEvalRun: editor,
  // A docs section drafted from a gap (a reply, nothing changed), and its pull request: editors.
  draftGapSection: { role: 'editor', audited: false },
  openGapPullRequest: editor,
  // The token API (questions, search, the widget's calls, MCP) through a session: editors.
  askQuestion: asking,
  askQuestionBatch: asking,
  getQuestion: asking,
  streamQuestionEvents: asking,
  rateAnswer: asking,
  getChat: asking,
  searchDocuments: asking,
  searchBox: asking,
  streamQuestion: asking,
  getConversation: asking,
  getWidgetSettings: asking,
  callMcp: asking,
};

/** The role a caller acts with: a session's in its tenant, `owner` for an admin token, else none. */
export function roleOf(principal: Principal): Role | null {
  if (principal.session) return principal.session.role;
  return principal.scopes.includes('admin') ? 'owner' : null;
}

/** The rule of an operation; throws when the table has no row for it (a route added without one). */
export function ruleOf(operationId: string): RouteRule {
  const rule = ROUTE_ROLES[operationId];
  if (!rule) throw new Error(`operation ${operationId} has no row in ROUTE_ROLES (route-roles.ts)`);
  return rule;
}

/** Refuses (403 `role_forbidden`) a session whose role in its tenant is below the operation's. */
export function requireRole(operationId: string): RouteCheck {
  const { role: needed } = ruleOf(operationId);
  return (req) => {
    const { session } = principalOf(req);
    if (session && !roleAllows(session.role, needed))
      throw new RoleForbiddenError(
        `the ${session.role} role may not do this (${operationId} needs ${needed})`,
      );
  };
}
