/**
 * Child process of `crash-safety.int.spec.ts`: writes documents with their outbox records as fast as it can
 * while a deliberately slow projector trails behind, and prints `committed <n>` after each commit until
 * the test kills it with SIGKILL. Every fifth transaction is rolled back on purpose (ids `ghost-*`).
 *
 * Usage: node --import tsx crash-writer.child.ts <dataDir> <shared|relay>
 */
import { randomUUID } from 'node:crypto';
import { openPipeline, thingsTopic, type PipelineMode, type Thing } from './crash-pipeline.ts';

const [dataDir, mode] = process.argv.slice(2) as [string, PipelineMode];
const pipeline = await openPipeline(dataDir, mode, { slowProjector: true });
pipeline.relay.start();
await pipeline.runner.start();

const outboxRecord = (id: string, aggregateVersion: number, title: string) => ({
  id: randomUUID(),
  topic: thingsTopic,
  key: id,
  type: 'ThingSaved',
  version: 1,
  aggregate_version: aggregateVersion,
  data: { title },
  metadata: { occurred_at: new Date().toISOString() },
});

for (let n = 1; ; n += 1) {
  if (n % 5 === 0) {
    await pipeline.store
      .transaction(async (tx) => {
        await tx.insert<Thing>('things', { id: `ghost-${n}`, title: 'never committed' });
        await tx.appendOutbox([outboxRecord(`ghost-${n}`, 1, 'never committed')]);
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
  }
  await pipeline.store.transaction(async (tx) => {
    await tx.insert<Thing>('things', { id: `thing-${n}`, title: `thing ${n}` });
    const records = [outboxRecord(`thing-${n}`, 1, `thing ${n}`)];
    // Every third write also updates an earlier document, so the projection must keep the newest version.
    if (n % 3 === 0) {
      const earlier = await tx.get<Thing>('things', `thing-${n - 1}`);
      if (earlier) {
        const updated = await tx.update<Thing>('things', earlier.id, earlier.version, {
          title: `${earlier.title} (updated)`,
        });
        records.push(outboxRecord(updated.id, updated.version, updated.title));
      }
    }
    await tx.appendOutbox(records);
  });
  process.stdout.write(`committed ${n}\n`);
  await new Promise((resolve) => setImmediate(resolve));
}
