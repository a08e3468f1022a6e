import { loadavg } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { DocqaClient } from '@docqa/client';

const QUERIES = 300;
const WARM_UP = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/**
 * `search_docs` through MCP (the SDK's client over the streamable HTTP transport, as an agent
 * calls it) beside `POST /rag/search/` for the same queries: the two calls alternate, each query
 * going to both (the first of the pair alternating too), so both see the same load. Returns the
 * section text for docs/benchmarks.md.
 */
export async function measureMcpLatency(opts: {
  apiUrl: string;
  token: string;
  http: DocqaClient;
  query: () => string;
  chunks: number;
}): Promise<string> {
  const mcp = new Client({ name: 'bench', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${opts.apiUrl}mcp`), {
      requestInit: { headers: { authorization: `Bearer ${opts.token}` } },
    }),
  );
  const timeHttp = async (query: string) => {
    const t0 = performance.now();
    await opts.http.search({ query, search_mode: 'hybrid', limit: 10 });
    return performance.now() - t0;
  };
  const timeMcp = async (query: string) => {
    const t0 = performance.now();
    const result = await mcp.callTool({
      name: 'search_docs',
      arguments: { query, mode: 'hybrid', limit: 10 },
    });
    if (result.isError) throw new Error(`search_docs failed: ${JSON.stringify(result.content)}`);
    return performance.now() - t0;
  };
  const loadBefore = load();
  const http: number[] = [];
  const viaMcp: number[] = [];
  for (let q = 0; q < QUERIES + WARM_UP; q++) {
    const query = opts.query();
    const [h, m] =
      q % 2 === 0
        ? [await timeHttp(query), await timeMcp(query)]
        : await timeMcp(query).then(async (m) => [await timeHttp(query), m]);
    if (q < WARM_UP) continue;
    http.push(h!);
    viaMcp.push(m!);
  }
  await mcp.close();
  const loadAfter = load();
  const added = median(viaMcp) - median(http);
  const pairs = median(viaMcp.map((m, i) => m - http[i]!));
  return [
    `\`search_docs\` through MCP beside \`POST /rag/search/\`, ${QUERIES} queries of 5 words each (hybrid, limit 10) after ${WARM_UP} warm-up queries, over the ${opts.chunks.toLocaleString('en')}-chunk corpus of the search-speed bench (same deployment: API and worker as separate processes, embedded store, local embeddings). Each query goes to both, alternately first, so both see the same load. Round trips measured by the client: the SDK's \`Client\` + \`StreamableHTTPClientTransport\` (a stateless POST per call, JSON response) against \`DocqaClient.search\`. Run on ${new Date().toISOString().slice(0, 10)}; load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after.`,
    '',
    '| path | p50 ms | p95 ms |',
    '|---|---|---|',
    `| \`POST /rag/search/\` | ${median(http).toFixed(2)} | ${p95(http).toFixed(2)} |`,
    `| MCP \`search_docs\` | ${median(viaMcp).toFixed(2)} | ${p95(viaMcp).toFixed(2)} |`,
    '',
    `MCP adds **${added.toFixed(2)} ms** at p50 (difference of the medians; median of the per-query differences ${pairs.toFixed(2)} ms). Target ≤ 3 ms.`,
  ].join('\n');
}
