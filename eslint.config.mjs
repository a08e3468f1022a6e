import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Tests and the code only tests run: specs, testing entries and libs, browser tests. */
const TEST_CODE = [
  '**/*.spec.ts',
  '**/testing.ts',
  '**/testing/**',
  '**/e2e/**',
  'libs/testing/**',
  'libs/stack/**',
];

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
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          banTransitiveDependencies: false,
          allow: [],
          // The API's behaviour tests start the whole stack, which composes through the root
          // (which builds the API): a cycle through test code only (libs/api-server/src/testing).
          ignoredCircularDependencies: [['api-server', 'composition']],
          depConstraints: [
            // The browser widget and the SDK never reach server code.
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:client', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
            {
              sourceTag: 'scope:cli',
              onlyDependOnLibsWithTags: ['scope:cli', 'scope:client', 'scope:server', 'scope:shared'],
            },
            // Layers: apps compose features; features use data access; everything may use utils and contracts.
            // Specs may use the test-only libs (type:testing); no-restricted-imports below keeps them
            // out of shipped files.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', ...FEATURE_LAYER] },
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: FEATURE_LAYER },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: FEATURE_LAYER },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:contracts', 'type:testing'],
            },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:testing'],
            },
            // Test-only libs (fakes, servers, the whole stack) may start any of it.
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
            // Browser tests drive the whole stack: they may start any of it.
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@docqa/testing$|^@docqa/[a-z-]+/testing$',
              message: 'Test-only code: import it from specs, testing entries, e2e or tools only.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
