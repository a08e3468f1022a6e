import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import { featureImportsRule } from './tools/lint/feature-imports.mjs';
import { projectGraphOrFail } from './tools/lint/project-graph.mjs';

const workspaceRoot = dirname(fileURLToPath(import.meta.url));

/** Built before any file is linted: the boundary rule then never runs without a graph (see project-graph.mjs). */
const graph = await projectGraphOrFail();
const projects = Object.values(graph.nodes).map((n) => ({
  name: n.name,
  root: n.data.root,
  tags: n.data.tags ?? [],
}));
const aliases = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(`${workspaceRoot}/tsconfig.base.json`, 'utf8')).compilerOptions.paths,
  ).map(([alias, [target]]) => [alias, target]),
);

/**
 * Which feature libs each feature lib may import (docqa/feature-imports). A pair not listed fails
 * lint: a new dependency between features is a decision, written here.
 */
const FEATURE_IMPORTS = {
  'api-server': [
    'answering',
    'channels',
    'evals',
    'ingest',
    'insights',
    'mcp',
    'questions',
    'sources',
    'sync',
  ],
  'worker-runtime': ['answering', 'ingest', 'insights', 'questions', 'sources', 'sync'],
  answering: ['ingest', 'sources'],
  channels: ['sync'],
  evals: ['insights', 'questions', 'sources', 'sync'],
  questions: ['answering'],
  ingest: ['sources'],
  sync: ['ingest', 'sources'],
};

/** Tests and the code only tests run: specs, testing entries and libs, browser tests. */
const TEST_CODE = [
  '**/*.spec.ts',
  '**/testing.ts',
  '**/testing/**',
  '**/e2e/**',
  'libs/testing/**',
  'libs/system-tests/**',
];

/** Fakes and test servers: kept out of shipped code (no-restricted-imports). */
const TEST_ONLY = {
  regex: '^@docqa/testing$|^@docqa/[a-z-]+/testing$',
  message: 'Test-only code: import it from specs, testing entries, e2e or tools only.',
};

/** What apps and features may use: features, data access, utils, contracts (and, in specs, test libs). */
const FEATURE_LAYER = ['type:feature', 'type:data-access', 'type:util', 'type:contracts', 'type:testing'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/.data',
      '**/.nx',
      'coverage',
      '**/*.cjs',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: {
      '@nx': nx,
      docqa: {
        rules: {
          'feature-imports': featureImportsRule({ projects, aliases, allow: FEATURE_IMPORTS, workspaceRoot }),
        },
      },
    },
    rules: {
      'docqa/feature-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          allow: [],
          // The API's behaviour specs start the whole stack (@docqa/system-tests/testing), which
          // composes through the root, which builds the API: api-server -> system-tests ->
          // composition -> api-server, a cycle closed by spec files only (madge checks files).
          ignoredCircularDependencies: [['api-server', 'system-tests']],
          depConstraints: [
            // The browser widget and the SDK never reach server code.
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:client', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            {
              sourceTag: 'scope:cli',
              onlyDependOnLibsWithTags: ['scope:cli', 'scope:client', 'scope:server', 'scope:shared'],
            },
            // Layers: apps run the composition, which composes features; features use data access;
            // everything may use utils and contracts. The composition is for apps and system tests only.
            // Specs may use the test-only libs (type:testing); no-restricted-imports below keeps them
            // out of shipped files.
            // Apps' and features' specs may also start the stack of the system tests (type:e2e), whose
            // only entry is `testing`: no-restricted-imports keeps it out of shipped files.
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:composition', ...FEATURE_LAYER, 'type:e2e'],
            },
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: FEATURE_LAYER },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: [...FEATURE_LAYER, 'type:e2e'] },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:contracts', 'type:testing'],
            },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:testing'],
            },
            // Test-only libs (fakes, servers) may use any lib but the composition.
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: FEATURE_LAYER },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
            // System and browser tests drive the whole stack: they may start any of it, the
            // composition roots included.
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/testing.ts', '**/testing/**/*.ts', 'tools/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Settings are read once, by libs/config's schema; everything else receives typed options.
    files: ['**/*.ts'],
    ignores: [...TEST_CODE, 'libs/config/**', 'tools/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through @docqa/config (libs/config).' },
      ],
      // Fakes and test servers stay out of shipped code.
      'no-restricted-imports': ['error', { patterns: [TEST_ONLY] }],
    },
  },
  {
    // The Config is read by the roots only (apps, the composition, tools); libs receive typed settings.
    files: ['libs/**/*.ts'],
    ignores: [...TEST_CODE, 'libs/config/**', 'libs/composition/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            TEST_ONLY,
            {
              regex: '^@docqa/config$',
              message:
                'The Config is read by the composition roots only: take typed settings (an interface of the fields used) instead.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
