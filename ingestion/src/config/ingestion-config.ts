/**
 * The ingestion settings, read from the environment and validated with zod. A source is configured when its
 * address or key is set; a bad value throws one line naming the variable (all an operator sees when the
 * `ingestion` process refuses to start).
 */
import { z } from 'zod';
import { DEFAULT_LINK_DOMAINS, type LinkAllowList } from '../normalize/link-domains.ts';
import type { FeverSourceOptions } from '../sources/fever/fever-source.ts';
import type { TicketmasterSourceOptions } from '../sources/ticketmaster/ticketmaster-source.ts';

export class IngestionConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'IngestionConfigError';
  }
}

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
const positive = (fallback: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, { message: 'must be a positive number' })
    .transform(Number)
    .refine((value) => value > 0, { message: 'must be a positive number' })
    .default(fallback);
const domain = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value), {
    message: 'must be a comma-separated list of domain names such as ticketmaster.com',
  });
const nonNegative = (fallback: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, { message: 'must be a number, 0 or more' })
    .transform(Number)
    .default(fallback);

const envSchema = z.object({
  TICKETMASTER_API_URL: z
    .url({ message: 'must be an http(s) URL' })
    .default('https://app.ticketmaster.com/discovery/v2'),
  TICKETMASTER_API_KEY: z.string().min(1).optional(),
  /** ISO codes, e.g. `US,GB,ES`. */
  TICKETMASTER_COUNTRIES: list
    .pipe(z.array(z.string().regex(/^[A-Za-z]{2}$/, { message: 'must be two-letter country codes' })))
    .default([]),
  /** `City` or `City:CC`, e.g. `Madrid:ES,Austin:US`. */
  TICKETMASTER_CITIES: list.default([]),
  TICKETMASTER_REQUESTS_PER_SECOND: nonNegative(5),
  TICKETMASTER_HORIZON_DAYS: positive(365),
  FEVER_FEED_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  FEVER_API_KEY: z.string().min(1).optional(),
  FEVER_REQUESTS_PER_SECOND: nonNegative(5),
  /** Feed files or folders for the scheduled file source, comma separated. */
  INGEST_FILE_PATHS: list.default([]),
  INGEST_TICKETMASTER_INTERVAL_MINUTES: positive(60),
  INGEST_FEVER_INTERVAL_MINUTES: positive(60),
  INGEST_FILE_INTERVAL_MINUTES: positive(60),
  /** A scheduled run is a full sync when the scope's last completed full sync is older than this. */
  INGEST_FULL_SYNC_HOURS: positive(24),
  /** Allowed buy-link domains per source, comma separated; they replace the defaults of `link-domains.ts`. */
  TICKETMASTER_LINK_DOMAINS: list.pipe(z.array(domain).min(1, { message: 'must list at least one domain' })).optional(),
  FEVER_LINK_DOMAINS: list.pipe(z.array(domain).min(1, { message: 'must list at least one domain' })).optional(),
});

export interface IngestionConfig {
  ticketmaster: (TicketmasterSourceOptions & { intervalMinutes: number }) | null;
  /** Without `TICKETMASTER_API_KEY` the CLI still knows where the API is, to say what is missing. */
  ticketmasterApiUrl: string;
  fever: (FeverSourceOptions & { intervalMinutes: number }) | null;
  files: { paths: string[]; intervalMinutes: number } | null;
  fullSyncEveryHours: number;
  /** Allowed seller and affiliate domains of buy links, per event source. */
  linkDomains: LinkAllowList;
}

function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
      .map(([key, value]) => [key, value.trim()]),
  );
}

export function loadIngestionConfig(env: Record<string, string | undefined> = process.env): IngestionConfig {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new IngestionConfigError(String(issue?.path[0] ?? 'environment'), issue?.message ?? 'is invalid');
  }
  const e = parsed.data;
  const cities = e.TICKETMASTER_CITIES.map((entry) => {
    const [name = '', code] = entry.split(':').map((part) => part.trim());
    if (!name || (code !== undefined && !/^[A-Za-z]{2}$/.test(code))) {
      throw new IngestionConfigError('TICKETMASTER_CITIES', `must list City or City:CC entries (got '${entry}')`);
    }
    return code ? { name, countryCode: code.toUpperCase() } : { name };
  });
  return {
    ticketmasterApiUrl: e.TICKETMASTER_API_URL,
    ticketmaster: e.TICKETMASTER_API_KEY
      ? {
          baseUrl: e.TICKETMASTER_API_URL,
          apiKey: e.TICKETMASTER_API_KEY,
          countries: e.TICKETMASTER_COUNTRIES.map((code) => code.toUpperCase()),
          cities,
          requestsPerSecond: e.TICKETMASTER_REQUESTS_PER_SECOND,
          horizonDays: e.TICKETMASTER_HORIZON_DAYS,
          intervalMinutes: e.INGEST_TICKETMASTER_INTERVAL_MINUTES,
        }
      : null,
    fever: e.FEVER_FEED_URL
      ? {
          feedUrl: e.FEVER_FEED_URL,
          ...(e.FEVER_API_KEY ? { apiKey: e.FEVER_API_KEY } : {}),
          requestsPerSecond: e.FEVER_REQUESTS_PER_SECOND,
          intervalMinutes: e.INGEST_FEVER_INTERVAL_MINUTES,
        }
      : null,
    files:
      e.INGEST_FILE_PATHS.length > 0
        ? { paths: e.INGEST_FILE_PATHS, intervalMinutes: e.INGEST_FILE_INTERVAL_MINUTES }
        : null,
    fullSyncEveryHours: e.INGEST_FULL_SYNC_HOURS,
    linkDomains: {
      ...DEFAULT_LINK_DOMAINS,
      ...(e.TICKETMASTER_LINK_DOMAINS ? { ticketmaster: e.TICKETMASTER_LINK_DOMAINS } : {}),
      ...(e.FEVER_LINK_DOMAINS ? { fever: e.FEVER_LINK_DOMAINS } : {}),
    },
  };
}
