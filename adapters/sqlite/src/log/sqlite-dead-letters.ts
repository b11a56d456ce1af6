/** The embedded profile's dead-letter queue: the `dead_letters` table of the log's SQLite file. */
import type { SqliteEngine } from '../store/sqlite-engine.ts';
import type { Delivered, DeadLetter, DeadLetterQueue } from '@evently/platform';

interface DeadLetterRow {
  id: string;
  group_name: string;
  message: string;
  error: string;
  attempts: number;
  failed_at: string;
}

const toDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  id: row.id,
  group: row.group_name,
  message: JSON.parse(row.message) as Delivered,
  error: row.error,
  attempts: row.attempts,
  failed_at: row.failed_at,
});

export function createSqliteDeadLetters(engine: SqliteEngine): DeadLetterQueue {
  return {
    async add(entry) {
      await engine.write(() => {
        engine
          .statement(
            engine.writer,
            'INSERT INTO dead_letters (id, group_name, topic, message, error, attempts, failed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            entry.id,
            entry.group,
            entry.message.topic,
            JSON.stringify(entry.message),
            entry.error,
            entry.attempts,
            entry.failed_at,
          );
      });
    },
    async list(args = {}) {
      const limit = args.limit ?? 100;
      const rows = (
        args.group === undefined
          ? engine.statement(engine.reader, 'SELECT * FROM dead_letters ORDER BY failed_at, id LIMIT ?').all(limit)
          : engine
              .statement(
                engine.reader,
                'SELECT * FROM dead_letters WHERE group_name = ? ORDER BY failed_at, id LIMIT ?',
              )
              .all(args.group, limit)
      ) as DeadLetterRow[];
      return rows.map(toDeadLetter);
    },
    async get(id) {
      const row = engine.statement(engine.reader, 'SELECT * FROM dead_letters WHERE id = ?').get(id) as
        DeadLetterRow | undefined;
      return row ? toDeadLetter(row) : null;
    },
    async counts() {
      const rows = engine
        .statement(engine.reader, 'SELECT group_name, COUNT(*) AS n FROM dead_letters GROUP BY group_name')
        .all() as Array<{ group_name: string; n: number }>;
      return Object.fromEntries(rows.map((row) => [row.group_name, row.n]));
    },
    async remove(id) {
      await engine.write(() => {
        engine.statement(engine.writer, 'DELETE FROM dead_letters WHERE id = ?').run(id);
      });
    },
  };
}
