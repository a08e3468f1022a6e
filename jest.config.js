/**
 * Two projects: `unit` (*.spec.ts, no I/O beyond the process) and `integration`
 * (*.int.spec.ts and widget e2e: real Redis started by tools/jest/global-setup, real HTTP).
 */
const { pathsToModuleNameMapper } = require('./tools/jest/paths.cjs');

const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022' } },
    ],
    // pdf.js ships ES modules only (.mjs).
    '^.+\\.mjs$': ['@swc/jest', { jsc: { target: 'es2022' } }],
    '^.+\\.lua$': '<rootDir>/tools/jest/text-transform.cjs',
  },
  // ESM-only packages are compiled to CommonJS for jest.
  transformIgnorePatterns: [
    '/node_modules/(?!(eventsource-parser|p-limit|yocto-queue|pdfjs-dist|marked|openid-client|oauth4webapi|jose)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'lua'],
  moduleNameMapper: pathsToModuleNameMapper(),
  rootDir: __dirname,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

module.exports = {
  // Integration suites kill and restart Redis servers on purpose; ioredis/BullMQ reconnect timers
  // must not keep a finished run alive (CI has a time limit).
  forceExit: true,
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.int\\.spec\\.ts$', '/e2e/'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int.spec.ts', '<rootDir>/apps/*/e2e/**/*.spec.ts'],
      globalSetup: '<rootDir>/tools/jest/global-setup.cjs',
      globalTeardown: '<rootDir>/tools/jest/global-teardown.cjs',
    },
  ],
};
