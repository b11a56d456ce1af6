import type Database from 'better-sqlite3';

/**
 * A factory whose result is made once per connection and kept as long as the connection lives: the caches that
 * follow a connection's data version, and the write scopes they share, each belong to one connection.
 */
export function onePerConnection<T>(create: (db: Database.Database) => T): (db: Database.Database) => T {
  const made = new WeakMap<Database.Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = create(db);
      made.set(db, value);
    }
    return value;
  };
}
