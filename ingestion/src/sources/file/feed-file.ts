/**
 * Reads one feed file of either format: a Ticketmaster `events.json` answer (or a bare array of its
 * events), or a Fever feed page (or a bare array of plans). Each record is tagged with its format.
 */
import { readFile } from 'node:fs/promises';

export type FeedFormat = 'ticketmaster' | 'fever';

export type FileRecord =
  | { format: FeedFormat; data: unknown }
  /** A file that could not be read as either format; it becomes one quarantine entry. */
  | { format: 'unreadable'; file: string; reason: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatOfRecord(record: unknown): FeedFormat | null {
  if (!isObject(record)) return null;
  if ('sessions' in record || 'place' in record) return 'fever';
  if ('dates' in record || 'classifications' in record || '_embedded' in record) return 'ticketmaster';
  return null;
}

export function recordsOf(content: unknown): { format: FeedFormat; records: unknown[] } | null {
  if (isObject(content) && isObject(content.page) && ('_embedded' in content || 'page' in content)) {
    const embedded = content._embedded;
    const events = isObject(embedded) && Array.isArray(embedded.events) ? embedded.events : [];
    return { format: 'ticketmaster', records: events };
  }
  if (isObject(content) && Array.isArray(content.data)) return { format: 'fever', records: content.data };
  if (Array.isArray(content)) {
    const format = content.map(formatOfRecord).find((candidate) => candidate !== null);
    if (format) return { format, records: content };
    if (content.length === 0) return { format: 'ticketmaster', records: [] };
  }
  return null;
}

export async function readFeedFile(file: string): Promise<FileRecord[]> {
  let content: unknown;
  try {
    content = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return [{ format: 'unreadable', file, reason: `unreadable feed file: ${(error as Error).message}` }];
  }
  const found = recordsOf(content);
  if (!found)
    return [{ format: 'unreadable', file, reason: 'unreadable feed file: neither a Ticketmaster nor a Fever page' }];
  return found.records.map((data) => ({ format: found.format, data }));
}
