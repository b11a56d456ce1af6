/**
 * Erasure on the embedded log: the outbox table is the log, and SQLite lets us rewrite its rows, so records
 * that still name the person (the address or a phone anywhere, a name in the erased aggregates' own records)
 * are rewritten with those texts blanked. Positions, ids, types and versions stay, so consumers' offsets and
 * a later replay are unaffected. Dead letters in the same file get the same treatment.
 *
 * The search runs on the read connection in slices of the log, so the writers (the api in the same process)
 * are held only for the few rows that change.
 */
import type Database from 'better-sqlite3';
import type { SqliteEngine } from '../store/sqlite-engine.ts';
import {
  aggregateMatcher,
  mentionsAny,
  redactValue,
  type LogErasure,
  type LogErasureOptions,
  type LogErasureRequest,
} from '@evently/platform';

/** Rows of the log searched per read: small enough to yield to the event loop often. */
const SLICE = 20_000;

interface LogRow {
  seq: number;
  topic: string;
  key: string;
  envelope: string;
}

interface DeadLetterRow {
  id: string;
  topic: string;
  message: string;
  error: string;
}

/** `LIKE` pattern for a literal substring (ASCII case folded by SQLite; the row is checked again in JS). */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createSqliteLogErasure(engine: SqliteEngine): LogErasure {
  return {
    async erase(request, options = {}) {
      const isErased = aggregateMatcher(request.aggregates);
      const termsFor = (topic: string, key: string) => (isErased(topic, key) ? request.aggregateTerms : request.terms);
      const redactedRecords = await redactLog(engine, request, termsFor, options.onProgress);
      const redactedDeadLetters = await redactDeadLetters(engine, termsFor);
      if (options.compact) await compact(engine);
      return { redactedRecords, tombstones: 0, redactedDeadLetters, compacted: options.compact === true };
    },
  };
}

async function redactLog(
  engine: SqliteEngine,
  request: LogErasureRequest,
  termsFor: (topic: string, key: string) => string[],
  onProgress: LogErasureOptions['onProgress'],
): Promise<number> {
  const bounds = engine.reader.prepare('SELECT min(seq) AS low, max(seq) AS high FROM outbox').get() as {
    low: number | null;
    high: number | null;
  };
  if (bounds.low === null || bounds.high === null) return 0;
  const candidates = candidateQuery(engine.reader, request);
  const rewrite = engine.writer.prepare('UPDATE outbox SET envelope = ? WHERE seq = ? AND envelope = ?');
  const total = bounds.high - bounds.low + 1;
  let redacted = 0;
  for (let from = bounds.low; from <= bounds.high; from += SLICE) {
    const rows = candidates.all(from, from + SLICE - 1) as LogRow[];
    const changes = rows.flatMap((row) => {
      const terms = termsFor(row.topic, row.key);
      if (!mentionsAny(row.envelope, terms)) return [];
      const envelope = JSON.stringify(redactValue(JSON.parse(row.envelope) as unknown, terms));
      return envelope === row.envelope ? [] : [{ row, envelope }];
    });
    if (changes.length > 0) {
      await engine.write(() => {
        for (const { row, envelope } of changes) redacted += rewrite.run(envelope, row.seq, row.envelope).changes;
      });
    }
    onProgress?.(Math.min(from + SLICE - bounds.low, total), total);
    // Let the process serve requests between slices.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return redacted;
}

/** Rows of a slice that may need redacting: an erased aggregate's, or any naming a term (ASCII case folded). */
function candidateQuery(
  db: Database.Database,
  request: LogErasureRequest,
): { all(from: number, to: number): unknown[] } {
  const conditions: string[] = [];
  const params: string[] = [];
  for (const aggregate of request.aggregates) {
    conditions.push('(topic = ? AND key = ?)');
    params.push(aggregate.topic, aggregate.key);
  }
  for (const term of request.terms) {
    conditions.push("envelope LIKE ? ESCAPE '\\'");
    params.push(likePattern(term));
  }
  if (conditions.length === 0) return { all: () => [] };
  const statement = db.prepare(
    `SELECT seq, topic, key, envelope FROM outbox WHERE seq BETWEEN ? AND ? AND (${conditions.join(' OR ')})`,
  );
  return { all: (from, to) => statement.all(from, to, ...params) };
}

/** How long compaction waits for another process's write to finish before giving up. */
const COMPACT_WAIT_MS = 60_000;

/**
 * SQLite frees the space of a deleted or rewritten row without clearing it, and the WAL keeps earlier page
 * images until it is overwritten. `VACUUM` writes the database anew (freed bytes are not copied), and a
 * TRUNCATE checkpoint copies it back into the main file and empties the WAL.
 */
async function compact(engine: SqliteEngine): Promise<void> {
  const release = await engine.writeLock.acquire();
  try {
    const deadline = Date.now() + COMPACT_WAIT_MS;
    for (let attempt = 0; ; attempt += 1) {
      try {
        engine.writer.exec('VACUUM');
        break;
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (!code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 200)));
      }
    }
    // Readers of other processes may hold an older snapshot for a moment: try until the WAL is empty.
    while ((engine.writer.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>)[0]?.busy) {
      if (Date.now() > deadline)
        throw new Error('compaction: the log file is still being read by another process; run it again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    release();
  }
}

async function redactDeadLetters(
  engine: SqliteEngine,
  termsFor: (topic: string, key: string) => string[],
): Promise<number> {
  const rows = engine.reader.prepare('SELECT id, topic, message, error FROM dead_letters').all() as DeadLetterRow[];
  const changes = rows.flatMap((row) => {
    const message = JSON.parse(row.message) as { topic?: string; key?: string };
    const terms = termsFor(message.topic ?? row.topic, message.key ?? '');
    if (!mentionsAny(row.message, terms) && !mentionsAny(row.error, terms)) return [];
    return [{ id: row.id, message: JSON.stringify(redactValue(message, terms)), error: redactValue(row.error, terms) }];
  });
  if (changes.length === 0) return 0;
  return engine.write(() => {
    const rewrite = engine.writer.prepare('UPDATE dead_letters SET message = ?, error = ? WHERE id = ?');
    let count = 0;
    for (const change of changes) count += rewrite.run(change.message, change.error, change.id).changes;
    return count;
  });
}
