/**
 * docker-compose.yml read as data (no container engine here): every setting the code reads reaches every
 * app service, mail is caught by Mailpit on the host's loopback only, every service has a memory limit and
 * the limits fit the documented 4 GB host, Caddy retries across replica restarts and serves HTTPS for a
 * domain, a missing ADMIN_PASSWORD stops compose before anything starts, the health checks need nothing
 * outside their images, and the container suites test the engine versions compose runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
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
  restart?: string;
  deploy?: { resources?: { limits?: { memory?: string } } };
  healthcheck?: { test?: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const APP_SERVICES = ['api', 'worker', 'ingestion'];

/** The variables each environment reader mentions: zod object keys and `env.NAME` look-ups. */
function variablesIn(file: string): string[] {
  const text = read(file);
  const keys = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm), ...text.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map(
    (m) => m[1] ?? '',
  );
  return keys.filter(Boolean);
}

const READERS = [
  'modules/events/src/events-options.ts',
  'modules/subscriptions/src/subscriptions-options.ts',
  'modules/support/src/support-options.ts',
  'modules/partnerships/src/partnerships-options.ts',
  'modules/platform/src/mail/mailbox-cap.ts',
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
    expect(readVariables).toEqual(
      expect.arrayContaining([
        'TICKETMASTER_AFFILIATE_TEMPLATE',
        'MAIL_FROM',
        'DIGEST_WEEKDAY',
        'CORS_ORIGINS',
        'DEMO_DATA',
        'FEVER_FEED_URL',
      ]),
    );
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
    const client =
      (JSON.parse(read('adapters/elasticsearch/package.json')) as { dependencies: Record<string, string> })
        .dependencies['@elastic/elasticsearch'] ?? '';
    const [clientMajor = 0, clientMinor = 0] = (/(\d+)\.(\d+)/.exec(client) ?? []).slice(1).map(Number);
    const [serverMajor = 0, serverMinor = 0] = (/:(\d+)\.(\d+)/.exec(compose.services.elasticsearch?.image ?? '') ?? [])
      .slice(1)
      .map(Number);
    expect(serverMajor).toBe(clientMajor);
    expect(serverMinor).toBeGreaterThanOrEqual(clientMinor);
  });
});

/** `448m`, `1g` -> MiB. */
function mebibytes(size: string): number {
  const match = /^(\d+(?:\.\d+)?)([mg])$/.exec(size);
  if (!match) throw new Error(`unreadable size ${size}`);
  return Number(match[1]) * (match[2] === 'g' ? 1024 : 1);
}
/** The default of a `${NAME:-default}` reference in a string. */
function defaultOf(text: string, name: string): string {
  return new RegExp(`\\$\\{${name}:-([^}]+)\\}`).exec(text)?.[1] ?? '';
}
const caddyfile = read('deploy/Caddyfile');
const caddyDirectives = caddyfile
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);

describe('docker-compose.yml, what an operator runs', () => {
  it('publishes Mailpit on the host loopback only, and nothing but the proxy on public interfaces by default', () => {
    expect(compose.services.mailpit?.ports).toEqual(['127.0.0.1:${MAILPIT_PORT:-8025}:8025']);
    // The worker's inbound mail port opens to the world only when the operator points MX at it and says so.
    expect(compose.services.worker?.ports).toEqual([
      '${INBOUND_SMTP_BIND:-127.0.0.1}:${INBOUND_SMTP_PUBLISH:-2525}:${INBOUND_SMTP_PORT:-2525}',
    ]);
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'proxy' || name === 'worker') continue;
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it("limits every service's memory, within a 4 GB host with one api replica", () => {
    const limits = Object.fromEntries(
      Object.entries(compose.services).map(([name, service]) => [name, service.deploy?.resources?.limits?.memory]),
    );
    for (const [name, limit] of Object.entries(limits)) expect(limit, name).toMatch(/^\d+[mg]$/);
    const total = Object.values(limits).reduce((sum, limit) => sum + mebibytes(limit ?? '0m'), 0);
    // What is left of 4 GiB for the kernel, Docker and the page cache outside the containers.
    expect(4096 - total).toBeGreaterThanOrEqual(512);
  });

  it("sizes each engine's heap or cache inside its container's limit", () => {
    const limit = (name: string) => mebibytes(compose.services[name]?.deploy?.resources?.limits?.memory ?? '0m');
    const es = compose.services.elasticsearch?.environment?.ES_JAVA_OPTS ?? '';
    expect(mebibytes(defaultOf(es, 'ES_HEAP')) * 2).toBeLessThanOrEqual(limit('elasticsearch'));
    const kafka = compose.services.kafka?.environment?.KAFKA_HEAP_OPTS ?? '';
    expect(mebibytes(defaultOf(kafka, 'KAFKA_HEAP'))).toBeLessThan(limit('kafka') * 0.75);
    const mongoCache = Number(defaultOf((compose.services.mongo?.command ?? []).join(' '), 'MONGO_CACHE_GB')) * 1024;
    expect(mongoCache).toBeGreaterThan(0);
    expect(mongoCache).toBeLessThan(limit('mongo') * 0.75);
    const nodeHeap = Number(defaultOf(compose.services.api?.environment?.NODE_OPTIONS ?? '', 'NODE_HEAP_MB'));
    expect(nodeHeap).toBeGreaterThan(0);
    for (const name of APP_SERVICES) expect(nodeHeap, name).toBeLessThan(limit(name) * 0.75);
  });

  it('stops before starting anything when ADMIN_PASSWORD is missing, naming it in one line', () => {
    for (const name of APP_SERVICES) {
      expect(compose.services[name]?.environment?.ADMIN_PASSWORD, name).toMatch(
        /^\$\{ADMIN_PASSWORD:\?[^\n}]*ADMIN_PASSWORD[^\n}]*\}$/,
      );
    }
    expect(read('.env.example')).toMatch(/^ADMIN_PASSWORD=$/m);
  });

  it("has one port setting per listener: the app's own is fixed by compose, the host's are the proxy's", () => {
    expect(exampleVariables.has('PORT')).toBe(false);
    expect(exampleVariables.has('HOST')).toBe(false);
    expect(compose.services.api?.environment?.PORT).toBe('3000');
    expect(compose.services.api?.healthcheck?.test?.join(' ')).toContain('127.0.0.1:3000/readyz');
    expect(caddyDirectives).toContain('dynamic a api 3000 {');
    expect(compose.services.proxy?.ports).toEqual(['${HTTP_PORT:-80}:80', '${HTTPS_PORT:-443}:443']);
  });

  it('lists in .env.example every variable docker-compose.yml reads', () => {
    const settings = read('docker-compose.yml')
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    const referenced = [...settings.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? '');
    expect(referenced.length).toBeGreaterThan(10);
    expect([...new Set(referenced)].filter((name) => !exampleVariables.has(name))).toEqual([]);
  });

  it('checks Elasticsearch with what its image must have, not curl', () => {
    const test = compose.services.elasticsearch?.healthcheck?.test ?? [];
    expect(test.slice(0, 3)).toEqual(['CMD', 'bash', '-c']);
    expect(test.join(' ')).not.toMatch(/\b(curl|wget)\b/);
    expect(test.join(' ')).toContain('/dev/tcp/127.0.0.1/9200');
    expect(test.join(' ')).toContain('wait_for_status=yellow');
  });

  it('runs the container suites on the engine images compose runs', () => {
    const composeImages = new Set(Object.values(compose.services).map((service) => service.image ?? ''));
    const suiteImages = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        if (entry.name === 'node_modules') continue;
        const relative = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(relative);
        else if (entry.name.endsWith('.ts')) {
          for (const m of read(relative).matchAll(
            /'((?:docker\.elastic\.co\/elasticsearch\/elasticsearch|apache\/kafka|mongo):[^']+)'/g,
          ))
            suiteImages.add(m[1] ?? '');
        }
      }
    };
    walk('modules');
    walk('adapters');
    expect([...suiteImages].some((image) => image.startsWith('apache/kafka:'))).toBe(true);
    expect([...suiteImages].some((image) => image.startsWith('mongo:'))).toBe(true);
    expect([...suiteImages].some((image) => image.startsWith('docker.elastic.co/'))).toBe(true);
    expect([...suiteImages].filter((image) => !composeImages.has(image))).toEqual([]);
  });
});

describe('deploy/Caddyfile', () => {
  it('runs no active health check, which Caddy ignores for dynamic upstreams, and retries instead', () => {
    expect(caddyDirectives.some((line) => line.startsWith('health_'))).toBe(false);
    expect(caddyDirectives).toEqual(
      expect.arrayContaining(['lb_try_duration 20s', 'lb_try_interval 250ms', 'fail_duration 2s', 'lb_policy cookie']),
    );
    expect(caddyDirectives.some((line) => /^dial_timeout \d+s$/.test(line))).toBe(true);
  });

  it('listens on SITE_ADDRESS (automatic HTTPS for a domain), plain :80 without one, with certificates in a volume', () => {
    expect(caddyDirectives[0]).toBe('{$SITE_ADDRESS::80} {');
    expect(compose.services.proxy?.environment?.SITE_ADDRESS).toBe('${SITE_ADDRESS:-:80}');
    expect(compose.services.proxy?.volumes).toEqual(
      expect.arrayContaining(['caddy-data:/data', './deploy/Caddyfile:/etc/caddy/Caddyfile:ro']),
    );
    expect(Object.keys(compose.volumes)).toContain('caddy-data');
    expect(exampleVariables.has('SITE_ADDRESS')).toBe(true);
  });
});
