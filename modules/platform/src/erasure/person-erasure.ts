/**
 * Erasure of one person's data (a right-to-erasure request): the vocabulary shared by the modules that keep
 * personal data, the log adapters and the backend's `erase` command.
 *
 * A person is named by the e-mail address they typed into our forms. Each module that stores personal data
 * removes that person's documents through its own commands (so the log announces the deletions and read models
 * follow) and reports what it removed: the aggregates (their topic and key) and what else the documents held
 * that identifies the person. The log adapters then redact it wherever the log or its dead letters carry it:
 * the address and phone numbers anywhere (nobody else's text contains them), names only inside the erased
 * aggregates' own records (a name also appears in unrelated text, an event's line-up, which must stay).
 */

export interface ErasureSubject {
  /** The address as the requester gave it; matched case-insensitively after trimming. */
  email: string;
}

/** An aggregate a module removed: where its messages live in the log. */
export interface ErasedAggregate {
  topic: string;
  key: string;
}

export interface ModuleErasure {
  module: string;
  /** Documents removed by kind (`tickets: 2`); kinds with nothing removed may be left out. */
  removed: Record<string, number>;
  aggregates: ErasedAggregate[];
  /** Phone numbers and addresses the removed documents held besides the one asked for (never logged). */
  contacts: string[];
  /** Names the removed documents held (never logged). */
  names: string[];
}

export interface LogErasureRequest {
  /** Texts to blank in any record, matched case-insensitively: addresses and phone numbers. */
  terms: string[];
  aggregates: ErasedAggregate[];
  /** Texts to blank only in the erased aggregates' records (and their dead letters): names. */
  aggregateTerms: string[];
}

export interface LogErasureResult {
  /** Log records rewritten without the terms (embedded log only: Kafka records cannot be changed). */
  redactedRecords: number;
  /** Tombstones produced for erased keys of compacted topics (Kafka only). */
  tombstones: number;
  /** Dead letters rewritten without the terms. */
  redactedDeadLetters: number;
  /** Whether the log's file was rewritten so no freed bytes remain (embedded log, when asked). */
  compacted: boolean;
}

/** What an event bus can do to forget a person; each adapter does what its engine allows (decision 028). */
export interface LogErasure {
  erase(request: LogErasureRequest, options?: LogErasureOptions): Promise<LogErasureResult>;
}

export interface LogErasureOptions {
  /** Called as the log is searched: records searched so far and in all (for a progress line). */
  onProgress?: (searched: number, total: number) => void;
  /**
   * Rewrite the log's file afterwards so the bytes of deleted and rewritten rows are gone, not just freed
   * (embedded log: SQLite `VACUUM` and a truncated WAL; writers wait meanwhile). Ignored where the engine
   * manages its own files (Kafka).
   */
  compact?: boolean;
}

/** What every erased text is replaced with: says something was there without saying what. */
export const ERASED_TEXT = '[erased]';

/** The form an address is compared in. */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The terms worth searching for: trimmed, at least three characters (shorter ones would blank unrelated
 * text), without duplicates, longest first so a name is blanked whole before any part of it.
 */
export function erasureTerms(values: Iterable<string | null | undefined>): string[] {
  const unique = new Map<string, string>();
  for (const value of values) {
    const term = value?.trim();
    if (term && term.length >= 3 && !unique.has(term.toLowerCase())) unique.set(term.toLowerCase(), term);
  }
  return [...unique.values()].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` contains any term, ignoring case. */
export function mentionsAny(text: string, terms: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return terms.some((term) => lower.includes(term.toLowerCase()));
}

/** `text` with every occurrence of every term replaced by `[erased]`, ignoring case. */
export function redactText(text: string, terms: readonly string[]): string {
  if (terms.length === 0 || !mentionsAny(text, terms)) return text;
  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'gi');
  return text.replace(pattern, ERASED_TEXT);
}

/** A JSON value with every string (keys included) redacted; shapes and other types stay as they were. */
export function redactValue<T>(value: T, terms: readonly string[]): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactText(node, terms);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [redactText(key, terms), walk(child)]));
    }
    return node;
  };
  return walk(value) as T;
}

/** Sums the module reports into what the log adapters need. */
export function logErasureRequest(subject: ErasureSubject, reports: readonly ModuleErasure[]): LogErasureRequest {
  const terms = erasureTerms([subject.email, ...reports.flatMap((report) => report.contacts)]);
  return {
    terms,
    aggregates: reports.flatMap((report) => report.aggregates),
    aggregateTerms: erasureTerms([...terms, ...reports.flatMap((report) => report.names)]),
  };
}

/** Whether a record belongs to one of the erased aggregates. */
export function aggregateMatcher(aggregates: readonly ErasedAggregate[]): (topic: string, key: string) => boolean {
  const keys = new Set(aggregates.map((aggregate) => `${aggregate.topic}\u0000${aggregate.key}`));
  return (topic, key) => keys.has(`${topic}\u0000${key}`);
}
