/**
 * The store side of the outbox on the embedded engine. While no embedded bus shares the file, committed
 * records wait here (relayed_at NULL) for the relay to move them to the configured bus. Once the embedded
 * bus attaches, the table is the log itself and `pending` stays empty.
 */
import { envelopeSchema, type OutboxRecord, type OutboxSource, type PendingOutboxRecord } from '@evently/platform';
import type { SqliteEngine } from './sqlite-engine.ts';

const insertSql = 'INSERT INTO outbox (topic, key, envelope, appended_at, relayed_at) VALUES (?, ?, ?, ?, ?)';

/** Validates and appends records; must run on the write connection inside an open transaction. */
export function appendToOutbox(engine: SqliteEngine, records: readonly OutboxRecord[], now: string): void {
  const insert = engine.statement(engine.writer, insertSql);
  const relayedAt = engine.outboxIsLog ? now : null;
  for (const record of records) {
    const envelope = envelopeSchema.parse(record);
    insert.run(envelope.topic, envelope.key, JSON.stringify(envelope), now, relayedAt);
  }
}

export function createSqliteOutbox(engine: SqliteEngine): OutboxSource {
  return {
    async pending(limit: number): Promise<PendingOutboxRecord[]> {
      if (engine.outboxIsLog) return [];
      const rows = engine
        .statement(engine.reader, 'SELECT seq, envelope FROM outbox WHERE relayed_at IS NULL ORDER BY seq LIMIT ?')
        .all(limit) as Array<{ seq: number; envelope: string }>;
      return rows.map((row) => ({ seq: String(row.seq), record: JSON.parse(row.envelope) as OutboxRecord }));
    },
    async markRelayed(seqs: string[]): Promise<void> {
      if (seqs.length === 0) return;
      const now = new Date().toISOString();
      await engine.write(() => {
        const mark = engine.statement(engine.writer, 'UPDATE outbox SET relayed_at = ? WHERE seq = ?');
        for (const seq of seqs) mark.run(now, Number(seq));
      });
    },
    onCommit: (listener) => engine.onCommit(listener),
  };
}
