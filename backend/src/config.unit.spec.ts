import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to reject the environment');
}

describe('loadConfig', () => {
  it('gives the embedded profile with documented defaults when the environment is empty', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/app/data',
      appName: 'Evently',
      publicUrl: 'http://localhost:3000',
      adminPassword: undefined,
      corsOrigins: [],
      trustedProxies: 0,
      logLevel: 'info',
      profile: { store: 'sqlite', bus: 'sqlite', search: 'sqlite' },
      consumerRetryMaxMs: 10_000,
      demoData: true,
    });
  });

  it("takes the projectors' commit interval in milliseconds, a quarter of a second by default", () => {
    expect(loadConfig({}).projectorBatchMs).toBe(250);
    expect(loadConfig({ PROJECTOR_BATCH_MS: '0' }).projectorBatchMs).toBe(0);
    expect(loadConfig({ PROJECTOR_BATCH_MS: '1000' }).projectorBatchMs).toBe(1000);
    expect(errorOf({ PROJECTOR_BATCH_MS: '-1' }).variable).toBe('PROJECTOR_BATCH_MS');
    expect(errorOf({ PROJECTOR_BATCH_MS: '60000' }).variable).toBe('PROJECTOR_BATCH_MS');
  });

  it('takes the cap of consumer redelivery pauses in milliseconds', () => {
    expect(loadConfig({ CONSUMER_RETRY_MAX_MS: '30000' }).consumerRetryMaxMs).toBe(30_000);
    expect(errorOf({ CONSUMER_RETRY_MAX_MS: '0' }).variable).toBe('CONSUMER_RETRY_MAX_MS');
  });

  it('keeps metrics closed unless a token long enough is set, and opens a metrics port only with one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-sixteen-chars!', METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: 'a-sixteen-chars!',
      metricsPort: 9464,
    });
    expect(errorOf({ METRICS_TOKEN: 'short' }).variable).toBe('METRICS_TOKEN');
    expect(errorOf({ METRICS_PORT: '9464' }).message).toBe(
      'Invalid configuration: METRICS_TOKEN must be set when METRICS_PORT opens the metrics listener',
    );
  });

  it('loads demo data by default only on the embedded store', () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ MONGODB_URI: 'mongodb://mongo/evently', ADMIN_PASSWORD: 'a-long-secret' }).demoData).toBe(
      false,
    );
  });

  it('derives the public URL from PORT unless PUBLIC_URL is given, without a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://evently.example/' }).publicUrl).toBe('https://evently.example');
  });

  it('switches each port to its production adapter on its own', () => {
    expect(loadConfig({ KAFKA_BROKERS: 'kafka:9092' }).profile).toEqual({
      store: 'sqlite',
      bus: 'kafka',
      search: 'sqlite',
    });
    expect(loadConfig({ ELASTICSEARCH_URL: 'http://es:9200' }).profile).toEqual({
      store: 'sqlite',
      bus: 'sqlite',
      search: 'elasticsearch',
    });
    const mongo = loadConfig({
      MONGODB_URI: 'mongodb://mongo:27017/evently?replicaSet=rs0',
      ADMIN_PASSWORD: 'a-long-secret',
    });
    expect(mongo.profile).toEqual({ store: 'mongodb', bus: 'sqlite', search: 'sqlite' });
  });

  it('splits comma-separated lists and ignores blanks', () => {
    const config = loadConfig({
      KAFKA_BROKERS: 'k1:9092, k2:9092,',
      CORS_ORIGINS: 'https://a.example, http://b.example:5173',
    });
    expect(config.kafkaBrokers).toEqual(['k1:9092', 'k2:9092']);
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://b.example:5173']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', ELASTICSEARCH_URL: '  ' })).toMatchObject({
      port: 3000,
      profile: { search: 'sqlite' },
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '-1'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['MONGODB_URI', 'http://mongo:27017'],
    ['KAFKA_BROKERS', 'kafka'],
    ['ELASTICSEARCH_URL', 'not a url'],
    ['CORS_ORIGINS', 'evil'],
    ['TRUSTED_PROXIES', '-1'],
    ['ADMIN_PASSWORD', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['DEMO_DATA', 'maybe'],
  ])('rejects %s=%s with one line naming the variable', (variable, value) => {
    const error = errorOf({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).not.toContain('\n');
  });

  it('requires ADMIN_PASSWORD on the production store, where no password file can be generated', () => {
    const error = errorOf({ MONGODB_URI: 'mongodb://mongo:27017/evently' });
    expect(error.variable).toBe('ADMIN_PASSWORD');
  });
});
