/**
 * docker-compose.yml read as data (no container engine here): every setting the code reads reaches every
 * app service, mail is caught by Mailpit and kept in a volume, Caddy keeps socket.io clients on one api
 * replica, and Elasticsearch is at least the client's minor version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../../backend/src/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  command?: string[];
  env_file?: Array<{ path: string; required?: boolean }>;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const APP_SERVICES = ['api', 'worker', 'ingestion'];

/** The variables each environment reader mentions: zod object keys and `env.NAME` look-ups. */
function variablesIn(file: string): string[] {
  const text = read(file);
  const keys = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm), ...text.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] ?? '');
  return keys.filter(Boolean);
}

const READERS = [
  'modules/events/src/events-options.ts',
  'modules/subscriptions/src/subscriptions-options.ts',
  'modules/support/src/support-options.ts',
  'modules/partnerships/src/partnerships-options.ts',
  'ingestion/src/config/ingestion-config.ts',
];
const readVariables = [...new Set([...Object.keys(envSchema.shape), ...READERS.flatMap(variablesIn)])].sort();
const exampleVariables = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

describe('docker-compose.yml', () => {
  it('gives every app service the one .env file and no environment of its own that could replace the shared one', () => {
    const shared = compose.services.api?.environment;
    for (const name of APP_SERVICES) {
      const service = compose.services[name];
      expect(service?.env_file, name).toEqual([{ path: '.env', required: false }]);
      expect(service?.environment, name).toEqual(shared);
    }
  });

  it('lists in .env.example every variable the config and env readers mention (or sets it itself)', () => {
    expect(readVariables.length).toBeGreaterThan(30);
    const composeOwned = new Set(Object.keys(compose.services.api?.environment ?? {}));
    expect(readVariables.filter((name) => !exampleVariables.has(name) && !composeOwned.has(name))).toEqual([]);
    expect(readVariables).toEqual(expect.arrayContaining(['TICKETMASTER_AFFILIATE_TEMPLATE', 'MAIL_FROM', 'DIGEST_WEEKDAY', 'CORS_ORIGINS', 'DEMO_DATA', 'FEVER_FEED_URL']));
  });

  it('sends mail to Mailpit by default and keeps the mail and the app data in volumes', () => {
    expect(compose.services.api?.environment?.SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}');
    const mailpit = compose.services.mailpit;
    expect(mailpit?.image).toMatch(/^axllent\/mailpit:/);
    expect(mailpit?.volumes).toContain('mail-data:/data');
    expect(mailpit?.ports?.some((port) => port.endsWith(':8025'))).toBe(true);
    for (const name of APP_SERVICES) expect(compose.services[name]?.volumes, name).toContain('app-data:/app/data');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['mail-data', 'app-data']));
  });

  it('puts a sticky reverse proxy in front of unpublished api replicas and trusts exactly that hop', () => {
    expect(compose.services.proxy?.image).toMatch(/^caddy:/);
    expect(compose.services.api?.ports).toBeUndefined();
    expect(compose.services.api?.environment?.TRUSTED_PROXIES).toBe('${TRUSTED_PROXIES:-1}');
    expect(read('deploy/Caddyfile')).toMatch(/lb_policy cookie/);
  });

  it('makes demo data available and runs Elasticsearch at or above the client minor version', () => {
    expect(compose.services.api?.environment?.DEMO_DATA).toBe('${DEMO_DATA:-false}');
    const client = (JSON.parse(read('modules/platform/package.json')) as { dependencies: Record<string, string> }).dependencies['@elastic/elasticsearch'] ?? '';
    const [clientMajor = 0, clientMinor = 0] = (/(\d+)\.(\d+)/.exec(client) ?? []).slice(1).map(Number);
    const [serverMajor = 0, serverMinor = 0] = (/:(\d+)\.(\d+)/.exec(compose.services.elasticsearch?.image ?? '') ?? []).slice(1).map(Number);
    expect(serverMajor).toBe(clientMajor);
    expect(serverMinor).toBeGreaterThanOrEqual(clientMinor);
  });
});
