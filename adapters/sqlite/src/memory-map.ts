/**
 * How much of a database file a connection reads through a memory map: as much as this build of SQLite allows
 * (`SQLITE_MAX_MMAP_SIZE`, 2 GiB less 64 KiB; a larger value is silently capped). In WAL mode a connection
 * drops its whole page cache whenever another connection has committed since its last read, so behind a feed
 * every page a reader needs again comes from the file: through the map that is a memory read, not a system
 * call and a copy.
 */
export const MMAP_SIZE_PRAGMA = 'mmap_size = 2147418112';
