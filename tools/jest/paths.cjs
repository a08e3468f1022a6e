/** Maps the `@docqa/*` path aliases of tsconfig.base.json to jest's moduleNameMapper. */
const path = require('node:path');
const { compilerOptions } = require('../../tsconfig.base.json');

function pathsToModuleNameMapper() {
  const mapper = {};
  for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
    mapper[`^${alias.replace(/[/.]/g, '\\$&')}$`] = path.join(__dirname, '../..', target);
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
