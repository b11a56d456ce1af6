/**
 * Rows' stored texts (answer fragments and stored views) kept in the reader's memory by rid, so a page's cards
 * are read from SQLite once rather than at every ask. A list card is a few kilobytes, stored over overflow pages;
 * reading twenty of them cost a reader thread about as much as finding the page, and a map page reads a
 * thousand. Visitors ask the same pages and the same events again and again, so most rows are asked many times.
 *
 * A kept text stays valid until its row changes: after a commit the rows the commits since changed
 * (changed-rows.ts) are forgotten, and every other kept text is still the row's text now. When the log cannot
 * say which rows changed (it forgot them, or there were too many), everything kept for the layout is forgotten.
 * Texts are kept within a byte budget, least recently used first out.
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { changedRowsOf } from './changed-rows.ts';
import { onePerConnection } from './one-per-connection.ts';
import { ANY_WRITE, writeScopesOf, type ReadAt } from './write-scopes.ts';

/** Bytes of text one connection keeps (two a character, as V8 may store them): some ten thousand cards. */
const BYTE_BUDGET = 48 * 1024 * 1024;
/** Bytes counted for a kept row besides its text: the map's entry and the key. */
const ENTRY_BYTES = 64;

/** What one layout keeps: for each of its text columns, the rows' texts by rid. */
interface LayoutTexts {
  at: ReadAt;
  columns: Map<string, Map<number, string | null>>;
}

export interface KeptTexts {
  /**
   * The texts of `rids` in `column` of the layout's views table: kept ones, the rest from `read` (which returns
   * the rows it found; a row it leaves out no longer exists). The answer holds each row found.
   */
  texts(
    layout: IndexLayout,
    column: string,
    rids: readonly number[],
    read: (missing: number[]) => Map<number, string | null>,
  ): Map<number, string | null>;
  invalidate(): void;
  /** Rows answered from memory and rows read, so far. */
  tally(): { kept: number; read: number };
}

export const keptTextsOf = onePerConnection(createKeptTexts);

const sizeOf = (text: string | null): number => ENTRY_BYTES + 2 * (text?.length ?? 0);

function createKeptTexts(db: Database.Database): KeptTexts {
  const scopes = writeScopesOf(db);
  const changed = changedRowsOf(db);
  const layouts = new Map<string, LayoutTexts>();
  let bytes = 0;
  const tally = { kept: 0, read: 0 };

  const forget = (texts: LayoutTexts): void => {
    for (const rows of texts.columns.values()) for (const text of rows.values()) bytes -= sizeOf(text);
    texts.columns.clear();
  };

  /** Forgets the rows changed since the layout's texts were read; all of them when the log cannot say which. */
  const bringUpToDate = db.transaction((layout: IndexLayout, texts: LayoutTexts): void => {
    const changes = changed.since(layout, texts.at, false);
    if (changes === null) {
      forget(texts);
      texts.at = scopes.now(layout);
      return;
    }
    for (const rows of texts.columns.values()) {
      for (const rid of changes.rids) {
        const text = rows.get(rid);
        if (text === undefined) continue;
        bytes -= sizeOf(text);
        rows.delete(rid);
      }
    }
    texts.at = changes.now;
  });

  /** Oldest first out, across every layout and column, until the budget holds `more` bytes. */
  const makeRoom = (more: number): void => {
    for (const texts of layouts.values()) {
      for (const rows of texts.columns.values()) {
        for (const [rid, text] of rows) {
          if (bytes + more <= BYTE_BUDGET) return;
          bytes -= sizeOf(text);
          rows.delete(rid);
        }
      }
    }
  };

  const layoutTexts = (layout: IndexLayout): LayoutTexts => {
    let texts = layouts.get(layout.viewsTable);
    if (texts === undefined) {
      // `at` is taken before any text is read, so every text kept is at least as new as it says.
      texts = { at: scopes.now(layout), columns: new Map() };
      layouts.set(layout.viewsTable, texts);
    } else if (!scopes.unchanged(layout, texts.at, ANY_WRITE)) {
      bringUpToDate(layout, texts);
    }
    return texts;
  };

  return {
    texts(layout, column, rids, read) {
      const texts = layoutTexts(layout);
      let rows = texts.columns.get(column);
      if (rows === undefined) texts.columns.set(column, (rows = new Map()));
      const answer = new Map<number, string | null>();
      const missing: number[] = [];
      for (const rid of rids) {
        const text = rows.get(rid);
        if (text === undefined) {
          missing.push(rid);
          continue;
        }
        // Asked again: last out.
        rows.delete(rid);
        rows.set(rid, text);
        answer.set(rid, text);
      }
      tally.kept += answer.size;
      if (missing.length === 0) return answer;
      tally.read += missing.length;
      const found = read(missing);
      let added = 0;
      for (const text of found.values()) added += sizeOf(text);
      makeRoom(added);
      for (const [rid, text] of found) {
        answer.set(rid, text);
        if (added > BYTE_BUDGET) continue;
        rows.set(rid, text);
        bytes += sizeOf(text);
      }
      return answer;
    },
    invalidate() {
      for (const texts of layouts.values()) forget(texts);
      layouts.clear();
      bytes = 0;
    },
    tally: () => ({ ...tally }),
  };
}
