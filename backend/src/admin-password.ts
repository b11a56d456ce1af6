/**
 * Where the admin password comes from. Production sets ADMIN_PASSWORD (config refuses to start without it on
 * the production store). The embedded profile may leave it unset: then a random password is generated once,
 * kept in `DATA_DIR/admin-password` readable only by the owner, and printed at every start-up so the person
 * who ran `npm start` can log in, and it stays the same across restarts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ADMIN_PASSWORD_FILE = 'admin-password';

export interface ResolvedAdminPassword {
  password: string;
  /** Where a generated password lives; undefined when it came from ADMIN_PASSWORD. */
  file: string | undefined;
  generated: boolean;
}

export function resolveAdminPassword(configured: string | undefined, dataDir: string): ResolvedAdminPassword {
  if (configured) return { password: configured, file: undefined, generated: false };
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 8) return { password: stored, file, generated: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  // `mode` only applies when the file is created; a pre-existing unreadable stub keeps its mode otherwise.
  chmodSync(file, 0o600);
  return { password, file, generated: true };
}

/** A short banner for stdout, outside the JSON logs, so it stands out in a terminal. */
export function adminPasswordBanner({ password, file, generated }: ResolvedAdminPassword): string | undefined {
  if (!file) return undefined;
  return [
    '',
    '  Admin password (ADMIN_PASSWORD is not set):',
    `    ${password}`,
    `  ${generated ? 'Generated and stored' : 'Stored'} in ${file}; set ADMIN_PASSWORD to choose your own.`,
    '',
  ].join('\n');
}
