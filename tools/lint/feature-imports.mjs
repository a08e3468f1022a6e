/**
 * ESLint rule `docqa/feature-imports`: a feature lib (tag `type:feature`) imports another feature
 * lib only where the allow-list names the pair. Tags alone cannot say this (a feature may import
 * "features"); the list makes each such dependency a decision someone wrote down.
 */
import { relative, sep } from 'node:path';

/** The project holding `file` (the deepest root that contains it), from the graph's nodes. */
function projectOf(projects, file) {
  let found;
  for (const p of projects) {
    if ((file === p.root || file.startsWith(`${p.root}/`)) && (!found || p.root.length > found.root.length))
      found = p;
  }
  return found;
}

/**
 * @param {{ projects: { name: string; root: string; tags: string[] }[]; aliases: Record<string, string>;
 *   allow: Record<string, string[]>; workspaceRoot: string }} setup
 *   `aliases`: import path (`@docqa/sync`, `@docqa/sync/testing`) → file it maps to.
 */
export function featureImportsRule({ projects, aliases, allow, workspaceRoot }) {
  const isFeature = (p) => p?.tags.includes('type:feature');
  return {
    meta: {
      type: 'problem',
      docs: {
        description: 'Feature libs import other feature libs only where the allow-list lists the pair.',
      },
      schema: [],
      messages: {
        notListed:
          'Feature lib "{{source}}" may not import feature lib "{{target}}": add "{{target}}" to FEATURE_IMPORTS["{{source}}"] in eslint.config.mjs if it should.',
      },
    },
    create(context) {
      const file = relative(workspaceRoot, context.filename).split(sep).join('/');
      const source = projectOf(projects, file);
      if (!isFeature(source)) return {};
      const check = (node) => {
        const path = node.source?.value;
        if (typeof path !== 'string' || !(path in aliases)) return;
        const target = projectOf(projects, aliases[path]);
        if (!isFeature(target) || target.name === source.name) return;
        if ((allow[source.name] ?? []).includes(target.name)) return;
        context.report({
          node: node.source,
          messageId: 'notListed',
          data: { source: source.name, target: target.name },
        });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
