import { passage } from './page-searcher';

/** A setup guide's step that sends the reader to a reference page by a link without an anchor. */
export const GUIDE = passage(
  'setup/docker',
  'Setup › Access Logs',
  'You can configure the proxy to log incoming requests for debugging and analysis.\n\n' +
    '```yaml\ncommand:\n  - "--accesslog=true" # Enable access logs to stdout\n```\n\n' +
    "This enables access logs to the container's standard output. See the " +
    '[Access Logs Documentation](https://docs.example/reference/logs/).',
  'Setup with Docker',
);
/** A how-to guide's section that uses access logs for another task. */
export const ROUTER = passage(
  'observe/logs',
  'Logs › Per-Router Access Logs',
  'You can enable or disable access logs for a specific router, to quiet noisy routes while ' +
    'keeping access logs on globally.\n\n```yaml\nobservability:\n  accessLogs: false\n```',
  'Logs and Access Logs',
);
