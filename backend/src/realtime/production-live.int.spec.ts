/**
 * The support desk's live path on the production engines: MongoDB (replica set) as the store and Kafka as the
 * bus, with two api processes and one worker, as `docker compose up --scale api=2` runs them. A ticket created
 * through one api reaches the admin socket of the other through that replica's own Kafka tail group; numbers
 * taken concurrently through both replicas never repeat (the counter is in the MongoDB transaction); the
 * confirmation mail goes out once, and a reindex does not send it again.
 *
 * Runs through testcontainers where a container engine exists; elsewhere the suite is reported as skipped.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { containerRuntimeFor, waitFor } from '@evently/platform/testing';
import { startKafka, type StartedKafka } from '@evently/kafka/testing';
import { startMongoReplicaSet, type StartedMongoReplicaSet } from '@evently/mongodb/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, connectOrThrow } from '../testing/sockets.ts';
import { backendProcesses, logMessage } from '../testing/backend-processes.ts';

const hasRuntime = await containerRuntimeFor('support live path on MongoDB + Kafka');

const PASSWORD = 'production-live-password';
// Started inside the test, so ended after it, before the containers they use stop.
const backends = backendProcesses({ prefix: 'evently-prod-live-' });

describe.skipIf(!hasRuntime)('support live path on MongoDB and Kafka', () => {
  let mongo: StartedMongoReplicaSet;
  let kafka: StartedKafka;
  let dataDir: string;
  let env: Record<string, string>;
  const sockets: Array<{ close(): void }> = [];

  const startApi = async () => (await backends.startRole(['api'], env, { timeoutMs: 120_000 })).url;
  const mails = async () =>
    (await readdir(path.join(dataDir, 'mail')).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));

  beforeAll(async () => {
    [mongo, kafka] = await Promise.all([startMongoReplicaSet(), startKafka()]);
    dataDir = await mkdtemp(path.join(tmpdir(), 'evently-prod-live-'));
    env = {
      MONGODB_URI: mongo.uri.replace('/?', '/evently_live?'),
      KAFKA_BROKERS: kafka.brokers.join(','),
      ADMIN_PASSWORD: PASSWORD,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // The burst below comes from several client addresses, as it would through the balancer.
      TRUSTED_PROXIES: '1',
    };
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([mongo?.stop(), kafka?.stop()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('fans a ticket out to every replica, numbers concurrent tickets uniquely and mails once, even after a reindex', async () => {
    await backends.spawn(['worker'], env).waitForLine((line) => logMessage(line) === 'worker started', 120_000);
    const a = await startApi();
    const b = await startApi();

    const adminOnB = await connectOrThrow(`${b}/admin`, { auth: { password: PASSWORD } });
    sockets.push(adminOnB);
    const pushes = collect<{ ticket_number: string; change: string }>(adminOnB, 'ticket');

    const create = (url: string, i: number) =>
      fetch(`${url}/api/support/tickets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
        body: JSON.stringify({
          user_name: `Visitor ${i}`,
          user_email: `v${i}@example.com`,
          subject: `Question ${i}`,
          description: 'Where are my tickets?',
          category: 'general',
        }),
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { ticket?: { ticket_number: string } },
      }));

    const first = await create(a, 0);
    expect(first.status).toBe(201);
    expect((await pushes.next((push) => push.ticket_number === first.body.ticket?.ticket_number, 60_000)).change).toBe(
      'opened',
    );

    // The per-address creation limit is 5 per 10 minutes: spread the burst over both replicas and addresses.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => create(i % 2 === 0 ? a : b, i + 1)));
    expect(burst.every((answer) => answer.status === 201 || answer.status === 429)).toBe(true);
    const numbers = [first, ...burst].flatMap((answer) =>
      answer.body.ticket ? [answer.body.ticket.ticket_number] : [],
    );
    expect(new Set(numbers).size).toBe(numbers.length);

    await waitFor(async () => (await mails()).length >= numbers.length, 'one confirmation per ticket', 60_000);
    const before = (await mails()).length;
    const reindex = backends.spawn(['reindex'], env);
    expect(await reindex.exited).toBe(0);
    // A mailer wrongly replayed would send the old mails before this new ticket's (the log is in order).
    expect((await create(b, 20)).status).toBe(201);
    await waitFor(async () => (await mails()).length > before, 'the new ticket’s confirmation', 60_000);
    expect((await mails()).length).toBe(before + 1);
  });
});
