/**
 * Without `SMTP_URL` the mailers write every message as an `.eml` file under `DATA_DIR/mail/` (the platform's
 * eml-files mailer): on the embedded profile that folder is the outbox of every confirmation, ticket mail and
 * acknowledgement ever sent. An erasure removes the files addressed to, or replying to, the person.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export async function removeMailFilesNaming(folder: string, address: string): Promise<number> {
  const needle = address.trim().toLowerCase();
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!text.toLowerCase().includes(needle)) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
