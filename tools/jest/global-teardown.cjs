/** Stops the private redis-server started by global-setup.cjs and removes its folder. */
const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const state = globalThis.__DOCQA_REDIS__;
  if (!state) return;
  state.child.kill('SIGTERM');
  await new Promise((resolve) => state.child.once('exit', resolve));
  fs.rmSync(state.dir, { recursive: true, force: true });
};
