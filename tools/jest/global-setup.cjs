/**
 * Starts a private redis-server on a free port for the integration tests, so they never touch
 * a Redis that other work shares. Its URL reaches the tests as TEST_REDIS_URL; the CLI keeps the
 * tokens it mints in its folder (DOCQA_CONFIG_DIR).
 */
const { spawn } = require('node:child_process');
const net = require('node:net');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, deadline) {
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

module.exports = async function globalSetup() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docqa-test-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore', detached: false },
  );
  child.once('error', (err) => {
    console.error(`cannot start redis-server for the integration tests: ${err.message}`);
  });
  await waitForPort(port, Date.now() + 10000);
  process.env.TEST_REDIS_URL = `redis://127.0.0.1:${port}`;
  process.env.TEST_REDIS_PORT = String(port);
  // The tokens the CLI mints in the tests are kept beside this Redis, not in the user's home.
  process.env.DOCQA_CONFIG_DIR = path.join(dir, 'cli-config');
  globalThis.__DOCQA_REDIS__ = { child, dir };
};
