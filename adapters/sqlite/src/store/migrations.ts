/**
 * Versioned schema of the embedded SQLite file. Each migration runs once, in order, inside the same
 * IMMEDIATE transaction as the row that records it, so two processes opening a fresh file cannot both apply
 * it. Collection tables are not migrations: modules declare them through `DocumentStore.init`.
 *
 * Never edit a shipped migration; append a new one.
 */
import type Database from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'counters, outbox log and consumer offsets',
    sql: `
      CREATE TABLE counters (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      ) WITHOUT ROWID;

      -- The transactional outbox. In the embedded profile it is also the event log: seq is the global,
      -- never-reused position (AUTOINCREMENT), and a row with relayed_at set needs no relay.
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        topic TEXT NOT NULL,
        key TEXT NOT NULL,
        envelope TEXT NOT NULL,
        appended_at TEXT NOT NULL,
        relayed_at TEXT
      );
      CREATE INDEX outbox_topic_seq ON outbox (topic, seq);
      CREATE INDEX outbox_pending ON outbox (seq) WHERE relayed_at IS NULL;

      CREATE TABLE consumer_offsets (
        group_name TEXT NOT NULL,
        topic TEXT NOT NULL,
        seq INTEGER NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (group_name, topic)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: 'dead letters',
    sql: `
      -- Messages a consumer group gave up on after bounded retries (bus/dead-letters.ts); listed and
      -- replayed by \`main.ts dead-letters\`.
      CREATE TABLE dead_letters (
        id TEXT PRIMARY KEY,
        group_name TEXT NOT NULL,
        topic TEXT NOT NULL,
        message TEXT NOT NULL,
        error TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        failed_at TEXT NOT NULL
      );
      CREATE INDEX dead_letters_group ON dead_letters (group_name, failed_at);
    `,
  },
];

export function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const apply = db.transaction(() => {
    const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
    const current = row.version ?? 0;
    const latest = migrations[migrations.length - 1]?.version ?? 0;
    if (current > latest) {
      throw new Error(`database schema version ${current} is newer than this code knows (${latest}); upgrade the app`);
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    }
  });
  apply.immediate();
}
