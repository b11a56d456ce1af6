/**
 * Feed files on disk (the bundled samples, offline runs): every `.json` file under the given paths, in
 * path order, cut into pages of `pageSize` records so a long file is checkpointed as it goes.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { quarantine, type NormalizeOutcome } from '../../normalize/outcome.ts';
import { normalizeFeverPlan } from '../fever/normalize-fever.ts';
import { normalizeTicketmasterEvent } from '../ticketmaster/normalize-ticketmaster.ts';
import type { Cursor, IngestionSource, SourcePage, SourceScope } from '../source.ts';
import { readFeedFile, type FileRecord } from './feed-file.ts';

export interface FileSourceOptions {
  paths: string[];
  pageSize?: number;
}

const cursorSchema = z.object({ file: z.number().int().nonnegative(), offset: z.number().int().nonnegative() });

async function jsonFilesUnder(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function normalizeFileRecord(record: unknown): NormalizeOutcome[] {
  const tagged = record as FileRecord;
  switch (tagged.format) {
    case 'ticketmaster':
      return [normalizeTicketmasterEvent(tagged.data)];
    case 'fever':
      return normalizeFeverPlan(tagged.data);
    case 'unreadable':
      return [quarantine('file', null, tagged.reason, { file: tagged.file })];
  }
}

export function createFileSource(options: FileSourceOptions): IngestionSource {
  const pageSize = options.pageSize ?? 200;
  const paths = options.paths.map((path) => resolve(path));

  async function* pages(_scope: SourceScope, cursor: Cursor | null): AsyncGenerator<SourcePage> {
    const files = (await Promise.all(paths.map(jsonFilesUnder))).flat().sort();
    let { file, offset } = cursor ? cursorSchema.parse(cursor) : { file: 0, offset: 0 };
    let recordsRead = 0;
    let filesRead = 0;
    for (; file < files.length; file += 1, offset = 0) {
      const path = files[file];
      if (!path) break;
      const records = await readFeedFile(path);
      recordsRead += records.length;
      filesRead += 1;
      // Files are read one at a time; the files not read yet are assumed to be as full as those read so far.
      const estimatedTotal = Math.round(recordsRead + ((files.length - file - 1) * recordsRead) / filesRead);
      do {
        const chunk = records.slice(offset, offset + pageSize);
        offset += pageSize;
        const lastOfFile = offset >= records.length;
        const next = lastOfFile ? (file + 1 < files.length ? { file: file + 1, offset: 0 } : null) : { file, offset };
        yield { records: chunk, next, estimatedTotal };
      } while (offset < records.length);
    }
  }

  return {
    name: 'file',
    requestsPerSecond: 0,
    scopes: () => [{ key: `path:${paths.join('|')}`, filter: {} }],
    pages,
    normalize: normalizeFileRecord,
    eventSources: null,
  };
}
