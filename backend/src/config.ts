/**
 * The one typed configuration of every process, read from the environment and validated with zod at start-up.
 * Defaults give the embedded profile, so `npm start` needs no environment at all. Setting `MONGODB_URI`,
 * `KAFKA_BROKERS` or `ELASTICSEARCH_URL` switches that one port to its production adapter.
 *
 * A bad value throws a ConfigError whose message is a single line naming the variable, because that line is
 * all an operator sees when a container refuses to start.
 */
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/**
 * A projector's commit interval by default: at a feed's 500 events a second, four batches of about 125 a second,
 * and a write waits at most this long before its batch, well within the two seconds it may take to be searchable.
 */
export const DEFAULT_PROJECTOR_BATCH_MS = 250;

/** Comma-separated list; blanks are dropped so `a, b,` means `['a', 'b']`. */
const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

const urlWithProtocols = (protocols: string[]) => {
  const message = `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  return z.string().refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), { message });
};

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be a whole number between ${min} and ${max}` });

/**
 * Every variable the processes read. Empty strings count as unset (a blank line in a compose file should not
 * override a default). Other engineers add their settings here and map them in `loadConfig`.
 */
export const envSchema = z.object({
  /** 0 asks the OS for a free port (tests). */
  PORT: integer(0, 65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_NAME: z.string().min(1).max(60).default('Evently'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters long' }).max(256).optional(),
  CORS_ORIGINS: csv.pipe(z.array(z.union([z.literal('*'), urlWithProtocols(['http:', 'https:'])]))).default([]),
  TRUSTED_PROXIES: integer(0, 10).default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  MONGODB_URI: urlWithProtocols(['mongodb:', 'mongodb+srv:']).optional(),
  KAFKA_BROKERS: csv
    .pipe(
      z
        .array(z.string().regex(/^[\w.-]+:\d{1,5}$/, { message: 'must be a comma-separated list of host:port' }))
        .min(1, { message: 'must list at least one host:port' }),
    )
    .optional(),
  ELASTICSEARCH_URL: urlWithProtocols(['http:', 'https:']).optional(),
  /** Threads answering embedded search queries off the main thread; 0 answers in it (see createSqliteSearchIndex). */
  SEARCH_READER_THREADS: integer(0, 16).optional(),
  /**
   * How often a projector commits a batch at most (a full batch of 500 goes at once): fewer, larger
   * transactions, so kept search answers are checked against fewer generations; a write waits up to this
   * long to become searchable.
   */
  PROJECTOR_BATCH_MS: integer(0, 5_000).default(DEFAULT_PROJECTOR_BATCH_MS),
  /** Longest the server may spend rendering a landing page's first paint (decision 025); 0 turns it off. */
  FIRST_PAINT_TIMEOUT_MS: integer(0, 60_000).default(1500),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  /**
   * Longest pause before a consumer tries failing messages again (the pause doubles from 200 ms up to it). A
   * dependency that is down is retried at this pace for as long as it lasts; nothing is dead-lettered meanwhile.
   */
  CONSUMER_RETRY_MAX_MS: integer(10, 600_000).default(10_000),
  /** Bearer token Prometheus sends for `GET /metrics`; without it only the admin credential opens it. */
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters long' }).max(256).optional(),
  /** Port of the metrics-only listener of the `worker` and `ingestion` roles (needs METRICS_TOKEN). */
  METRICS_PORT: integer(0, 65_535).optional(),
  /** Load the demo catalogue into an empty store at start-up; defaults to on for the embedded store only. */
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export type StoreEngine = 'sqlite' | 'mongodb';
export type BusEngine = 'sqlite' | 'kafka';
export type SearchEngine = 'sqlite' | 'elasticsearch';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded profile's data directory. */
  dataDir: string;
  appName: string;
  /** Public base URL without a trailing slash. */
  publicUrl: string;
  /** Undefined on the embedded profile when unset: the backend then generates one and keeps it in DATA_DIR. */
  adminPassword: string | undefined;
  /** Origins allowed to call the API cross-origin; empty means same-origin only, `*` means any. */
  corsOrigins: string[];
  /** Number of reverse proxies in front of the app whose X-Forwarded-For entries are trusted. */
  trustedProxies: number;
  logLevel: (typeof LOG_LEVELS)[number];
  profile: { store: StoreEngine; bus: BusEngine; search: SearchEngine };
  mongodbUri: string | undefined;
  kafkaBrokers: string[] | undefined;
  elasticsearchUrl: string | undefined;
  /** Undefined: the embedded search index's default. */
  searchReaderThreads: number | undefined;
  /** Projector commit interval (ms; PROJECTOR_BATCH_MS). */
  projectorBatchMs?: number;
  /** 0: home and event pages are client-rendered only. */
  firstPaintTimeoutMs: number;
  smtpUrl: string | undefined;
  /** Cap of the doubling pause between redeliveries of a failing consumer position. */
  consumerRetryMaxMs: number;
  demoData: boolean;
  metricsToken: string | undefined;
  /** Undefined: the `worker` and `ingestion` roles serve no metrics listener. */
  metricsPort: number | undefined;
}

/** A configuration problem; `message` is one line that names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  return cleaned;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    // A type mismatch on a missing value cannot happen (everything has a default or is optional), so the
    // message is always about the value the operator wrote.
    throw new ConfigError(variable, (issue?.message ?? 'is invalid').replace(/\s+/g, ' '));
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN) {
    throw new ConfigError('METRICS_TOKEN', 'must be set when METRICS_PORT opens the metrics listener');
  }
  if (e.MONGODB_URI && !e.ADMIN_PASSWORD) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be set when MONGODB_URI selects the production store');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    appName: e.APP_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminPassword: e.ADMIN_PASSWORD,
    corsOrigins: e.CORS_ORIGINS,
    trustedProxies: e.TRUSTED_PROXIES,
    logLevel: e.LOG_LEVEL,
    profile: {
      store: e.MONGODB_URI ? 'mongodb' : 'sqlite',
      bus: e.KAFKA_BROKERS ? 'kafka' : 'sqlite',
      search: e.ELASTICSEARCH_URL ? 'elasticsearch' : 'sqlite',
    },
    mongodbUri: e.MONGODB_URI,
    kafkaBrokers: e.KAFKA_BROKERS,
    elasticsearchUrl: e.ELASTICSEARCH_URL,
    searchReaderThreads: e.SEARCH_READER_THREADS,
    projectorBatchMs: e.PROJECTOR_BATCH_MS,
    firstPaintTimeoutMs: e.FIRST_PAINT_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    consumerRetryMaxMs: e.CONSUMER_RETRY_MAX_MS,
    demoData: e.DEMO_DATA ?? !e.MONGODB_URI,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
  };
}
