import { z } from 'zod';
import { LIMIT_SETTINGS } from './limit-settings';
import { PORTAL_SETTINGS } from './portal-settings';
import { REDIS_SETTINGS } from './redis-settings';
import { bool, folder, int, optionalString } from './setting-schemas';
/**
 * Every setting docqa reads, one entry each: environment variable, schema, default and a line
 * of documentation. The README's configuration table is checked against this list by a test.
 */
export const SETTINGS = {
  port: { env: 'PORT', schema: int(0, 65535), default: '3000', doc: 'HTTP port of the API.' },
  host: { env: 'HOST', schema: z.string().min(1), default: '0.0.0.0', doc: 'Address the API listens on.' },
  publicUrl: {
    env: 'PUBLIC_URL',
    schema: z.url().optional(),
    default: undefined,
    doc: 'Public base URL (default http://localhost:PORT): printed links; its origin and localhost:PORT are the API’s own.',
  },
  ...REDIS_SETTINGS,
  dataDir: {
    env: 'DATA_DIR',
    schema: z.string().min(1),
    default: '.data',
    doc: 'Folder for the embedded vector store and the private Redis of `npm start`.',
  },
  vectorStore: {
    env: 'VECTOR_STORE',
    schema: z.enum(['embedded', 'qdrant']),
    default: 'embedded',
    doc: '`embedded` (LanceDB under DATA_DIR, one machine) or `qdrant` (scale-out).',
  },
  searchIndexCacheMb: {
    env: 'SEARCH_INDEX_CACHE_MB',
    schema: int(1, 1_000_000),
    default: '256',
    doc: 'Most MB of LanceDB’s index cache in the API (embedded store: its search mirror leaves the indexes little use).',
  },
  qdrantUrl: {
    env: 'QDRANT_URL',
    schema: z.url().optional(),
    default: undefined,
    doc: 'Qdrant REST URL, required when VECTOR_STORE=qdrant.',
  },
  qdrantApiKey: {
    env: 'QDRANT_API_KEY',
    schema: optionalString,
    default: undefined,
    doc: 'Qdrant API key, if the server needs one.',
  },
  qdrantCollection: {
    env: 'QDRANT_COLLECTION',
    schema: z.string().min(1),
    default: 'docqa_chunks',
    doc: 'Qdrant collection holding every tenant’s chunks.',
  },
  embeddingsProvider: {
    env: 'EMBEDDINGS_PROVIDER',
    schema: z.enum(['local', 'openai']),
    default: 'local',
    doc: '`local` (in-process, offline) or `openai` (any OpenAI-compatible embeddings endpoint).',
  },
  embeddingsModel: {
    env: 'EMBEDDINGS_MODEL',
    schema: z.string().min(1),
    default: 'text-embedding-3-small',
    doc: 'Embedding model name for EMBEDDINGS_PROVIDER=openai.',
  },
  embeddingsDimensions: {
    env: 'EMBEDDINGS_DIMENSIONS',
    schema: int(0, 8192),
    default: '0',
    doc: 'Embedding size to request (0: the model’s own).',
  },
  llmProvider: {
    env: 'LLM_PROVIDER',
    schema: z.enum(['extractive', 'openai']),
    default: 'extractive',
    doc: '`extractive` (offline: answers from the best passages) or `openai` (any OpenAI-compatible chat model).',
  },
  llmModel: {
    env: 'LLM_MODEL',
    schema: z.string().min(1),
    default: 'gpt-4o-mini',
    doc: 'Chat model name for LLM_PROVIDER=openai.',
  },
  llmTemperature: {
    env: 'LLM_TEMPERATURE',
    schema: z.coerce.number().min(0).max(2),
    default: '0.1',
    doc: 'Sampling temperature of the chat model.',
  },
  llmMaxTokens: {
    env: 'LLM_MAX_TOKENS',
    schema: int(1, 100000),
    default: '1024',
    doc: 'Maximum tokens of one answer.',
  },
  llmTimeoutMs: {
    env: 'LLM_TIMEOUT_MS',
    schema: int(1000, 600000),
    default: '60000',
    doc: 'Time-out of one model call.',
  },
  openaiApiKey: {
    env: 'OPENAI_API_KEY',
    schema: optionalString,
    default: undefined,
    doc: 'API key of the OpenAI-compatible server.',
  },
  openaiBaseUrl: {
    env: 'OPENAI_BASE_URL',
    schema: z.url().optional(),
    default: undefined,
    doc: 'Base URL of an OpenAI-compatible server (Azure, vLLM, Ollama, llama.cpp).',
  },
  workerConcurrency: {
    env: 'WORKER_CONCURRENCY',
    schema: int(1, 1000),
    default: '8',
    doc: 'Questions one worker answers at once.',
  },
  workerNice: {
    env: 'WORKER_NICE',
    schema: int(0, 19),
    default: '10',
    doc: 'The worker’s CPU priority (Unix niceness; 0: the API’s): searches and answers get the CPU first.',
  },
  jobAttempts: {
    env: 'JOB_ATTEMPTS',
    schema: int(1, 20),
    default: '3',
    doc: 'Attempts per job before it fails (exponential back-off between them).',
  },
  jobLockMs: {
    env: 'JOB_LOCK_MS',
    schema: int(1000, 600000),
    default: '30000',
    doc: 'Lock time of a running job; a dead worker’s job is handed on after it.',
  },
  recordTtlDays: {
    env: 'RECORD_TTL_DAYS',
    schema: int(1, 3650),
    default: '30',
    doc: 'Days questions, chats and answer streams are kept.',
  },
  analyticsRetentionDays: {
    env: 'ANALYTICS_RETENTION_DAYS',
    schema: int(1, 3650),
    default: '90',
    doc: 'Days the question log behind insights and coverage gaps is kept (apart from RECORD_TTL_DAYS).',
  },
  ...LIMIT_SETTINGS,
  ...PORTAL_SETTINGS,
  chunkSize: {
    env: 'CHUNK_SIZE',
    schema: int(100, 20000),
    default: '1200',
    doc: 'Target characters per chunk.',
  },
  chunkOverlap: {
    env: 'CHUNK_OVERLAP',
    schema: int(0, 5000),
    default: '150',
    doc: 'Characters shared by neighbouring chunks cut from one long paragraph.',
  },
  retrievalTopK: {
    env: 'RETRIEVAL_TOP_K',
    schema: int(1, 50),
    default: '6',
    doc: 'Passages given to the model per question.',
  },
  docqaUrl: {
    env: 'DOCQA_URL',
    schema: z.url(),
    default: 'http://localhost:3000/api/v2/',
    doc: 'API the CLI talks to (`--url` overrides it).',
  },
  docqaToken: {
    env: 'DOCQA_TOKEN',
    schema: optionalString,
    default: undefined,
    doc: 'Token of the CLI (`--token`); without one the CLI mints a short-lived token through Redis.',
  },
  docqaConfigDir: {
    env: 'DOCQA_CONFIG_DIR',
    schema: folder,
    default: '~/.config/docqa',
    doc: 'Folder where the CLI keeps the short-lived tokens it mints, readable by its user only (mode 0600).',
  },
  demoToken: {
    env: 'DEMO_TOKEN',
    schema: optionalString,
    default: undefined,
    doc: 'Widget token the demo page at / embeds (`npm start` creates one); no demo page without it.',
  },
  demo: {
    env: 'DEMO',
    schema: bool,
    default: 'true',
    doc: '`npm start` ingests docs/ into the `demo` tenant and prints a demo token.',
  },
  sourcesAllowPrivateNetworks: {
    env: 'SOURCES_ALLOW_PRIVATE_NETWORKS',
    schema: bool,
    default: 'false',
    doc: 'Let source syncs fetch loopback, private, link-local and metadata addresses (intranet docs, tests).',
  },
  sourcesConcurrency: {
    env: 'SOURCES_CONCURRENCY',
    schema: int(1, 64),
    default: '4',
    doc: 'Pages one source sync fetches at once.',
  },
  parseMaxInflatedMb: {
    env: 'PARSE_MAX_INFLATED_MB',
    schema: int(1, 4096),
    default: '50',
    doc: "Most MB a PDF's compressed streams may inflate to; a larger one is refused (a compression bomb).",
  },
  parseMaxPages: {
    env: 'PARSE_MAX_PAGES',
    schema: int(1, 1000000),
    default: '2000',
    doc: 'Most pages of a PDF that is ingested.',
  },
  parseMaxTextChars: {
    env: 'PARSE_MAX_TEXT_CHARS',
    schema: int(1000, 1000000000),
    default: '5000000',
    doc: 'Most characters of text one document may hold, whatever its format.',
  },
  parseMaxHtmlDepth: {
    env: 'PARSE_MAX_HTML_DEPTH',
    // html-to-text overflows the stack past HTML_DEPTH_CEILING (libs/sources).
    schema: int(10, 1000),
    default: '500',
    doc: 'Deepest nesting of HTML elements in a document (deeper HTML is refused up front).',
  },
  parseTimeoutSeconds: {
    env: 'PARSE_TIMEOUT_SECONDS',
    schema: int(1, 3600),
    default: '60',
    doc: 'Longest parse of one file or fetched PDF; its thread is stopped then and the file refused.',
  },
  parseMaxHeapMb: {
    env: 'PARSE_MAX_HEAP_MB',
    schema: int(32, 16384),
    default: '512',
    doc: 'Heap of the thread that parses one file or fetched PDF, in MB.',
  },
  githubApiUrl: {
    env: 'GITHUB_API_URL',
    schema: z.url(),
    default: 'https://api.github.com',
    doc: 'GitHub REST API that `github` sources read (GitHub Enterprise: `https://HOST/api/v3`).',
  },
  secretsKey: {
    env: 'SECRETS_KEY',
    schema: z.string().min(16).optional(),
    default: undefined,
    doc: 'Key that encrypts stored secrets (GitHub tokens of sources, Slack and Discord credentials), AES-256-GCM; 16+ characters.',
  },
  slackApiUrl: {
    env: 'SLACK_API_URL',
    schema: z.url(),
    default: 'https://slack.com/api/',
    doc: 'Slack Web API the Slack integration calls (`chat.postMessage`, `chat.update`, `views.open`, OAuth).',
  },
  discordApiUrl: {
    env: 'DISCORD_API_URL',
    schema: z.url(),
    default: 'https://discord.com/api',
    doc: 'Discord REST API the Discord integration calls (interaction webhooks, command registration).',
  },
  logLevel: {
    env: 'LOG_LEVEL',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    doc: 'pino log level.',
  },
  metricsPort: {
    env: 'METRICS_PORT',
    schema: int(0, 65535),
    default: '0',
    doc: 'Prometheus `/metrics` port of this process (0: none), one per process; `npm start`: API, worker on the next.',
  },
  metricsHost: {
    env: 'METRICS_HOST',
    schema: z.string().min(1),
    default: '127.0.0.1',
    doc: 'Address the `/metrics` listener binds to (private by default).',
  },
} as const;

type Settings = typeof SETTINGS;

/** The parsed configuration: one typed field per entry of {@link SETTINGS}. */
export type Config = { [K in keyof Settings]: z.output<Settings[K]['schema']> };
