/**
 * The embedded profile's files, checked before anything opens them. A folder or file this process may not
 * write otherwise shows up late and badly: SQLite's "unable to open database file" names no path, a read-only
 * `search.db` fails only when the first projection writes (after the api said it was listening), and an
 * unwritable mail folder only when a mail is due. Here each problem becomes one line that names the path and
 * what to change, and the process exits before it serves anything.
 *
 * The same probe of the mail folder answers `/readyz`: mail that cannot be written is a dependency down.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the `.eml` mailer writes when SMTP_URL is unset (`@evently/mail`). */
export const mailFolder = (dataDir: string): string => path.join(dataDir, 'mail');

/** A storage problem found at start; `message` is the one line an operator reads. */
export class StorageError extends Error {
  constructor(
    readonly path: string,
    problem: string,
    fix: string,
  ) {
    super(`Storage problem: ${path} ${problem}. ${fix}`);
    this.name = 'StorageError';
  }
}

const whoAmI = () => (typeof process.getuid === 'function' ? `user ${process.getuid()}` : 'this user');

/** "permission denied (EACCES)" from a Node or SQLite error. */
export function describeFailure(error: unknown): string {
  const fields = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const plain: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'is on a read-only file system',
    ENOTDIR: 'has a file where a folder should be',
    EISDIR: 'is a folder, not a file',
    ENOSPC: 'is on a full disk',
    EDQUOT: 'is over its disk quota',
    SQLITE_CANTOPEN: 'cannot be opened',
    SQLITE_READONLY: 'is read-only',
    SQLITE_NOTADB: 'is not a SQLite database',
    SQLITE_CORRUPT: 'is corrupt',
  };
  const text =
    (code && plain[code]) ?? (typeof fields.message === 'string' ? fields.message.replace(/\s+/g, ' ') : String(error));
  return code ? `${text} (${code})` : text;
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return false;
    throw error;
  }
}

/** Creates the folder if needed and writes and removes a hidden file in it: what `access` cannot prove. */
export async function probeWritableFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const probe = path.join(folder, `.write-probe-${randomUUID()}.tmp`);
  await writeFile(probe, 'ok', { flag: 'wx' });
  await rm(probe, { force: true });
}

async function checkFolder(folder: string, fix: string): Promise<void> {
  try {
    await probeWritableFolder(folder);
  } catch (error) {
    throw new StorageError(folder, `cannot be written: ${describeFailure(error)}`, fix);
  }
}

/** An existing database file, with its WAL companions, must be a file this process may read and write. */
async function checkDatabaseFile(file: string, fix: string): Promise<void> {
  for (const target of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if (!(await exists(target))) continue;
      if (!(await stat(target)).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      await access(target, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new StorageError(target, `cannot be written: ${describeFailure(error)}`, fix);
    }
  }
}

export interface StorageCheck {
  dataDir: string;
  /** Names of the SQLite files under DATA_DIR this process opens. */
  databases: string[];
  /** True when mail is written to `DATA_DIR/mail` (no SMTP_URL) by this process. */
  mailFiles: boolean;
}

export async function checkStorage({ dataDir, databases, mailFiles }: StorageCheck): Promise<void> {
  await checkFolder(dataDir, `Set DATA_DIR to a folder ${whoAmI()} may write, or give ${whoAmI()} write access to it`);
  for (const name of databases) {
    const rebuildable =
      name === 'search.db' ? ' (the search index is rebuilt from the event log if you delete it)' : '';
    await checkDatabaseFile(
      path.join(dataDir, name),
      `Give ${whoAmI()} read and write access to it${rebuildable}, or point DATA_DIR elsewhere`,
    );
  }
  if (mailFiles) {
    await checkFolder(
      mailFolder(dataDir),
      `Give ${whoAmI()} write access to the folder, or set SMTP_URL to send mail through a server`,
    );
  }
}

/** Wraps an engine's failure to open `file` in a StorageError that names it (SQLite's own message does not). */
export function openFailure(file: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^(SQLITE_|E[A-Z]+$)/.test(code)) return error;
  return new StorageError(
    file,
    `cannot be opened: ${describeFailure(error)}`,
    `Check that ${whoAmI()} may read and write it and that it is a SQLite database, or point DATA_DIR elsewhere`,
  );
}
