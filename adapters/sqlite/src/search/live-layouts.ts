/**
 * Which copy of an index is live and how its tables are laid out. Read per call (one indexed row), so a
 * rebuild swapped in by another connection is seen at once; the layout built from a version's schema is kept.
 */
import type { IndexSchema } from '@evently/platform';
import { layoutFor, type IndexLayout } from './index-layout.ts';
import type { StatementCache } from './statement-cache.ts';

export interface MetaRow {
  version: number;
  schema: string;
}

export interface LiveLayouts {
  live(name: string): IndexLayout;
  readMeta(name: string): MetaRow | undefined;
  /** Whether a table exists (an index opened by code from before it has none until `init`). */
  tableExists(table: string): boolean;
}

export function createLiveLayouts(statements: StatementCache): LiveLayouts {
  const layouts = new Map<string, IndexLayout>();
  /** Only a yes is kept: a table missing now may be created by `init` on another connection. */
  const tables = new Set<string>();

  const readMeta = (name: string): MetaRow | undefined =>
    statements.prepared('SELECT version, schema FROM search_index_meta WHERE name = ?').get(name) as
      MetaRow | undefined;

  return {
    readMeta,
    live(name) {
      const meta = readMeta(name);
      if (!meta) throw new Error(`Search index "${name}" is not initialised`);
      const key = `${name}@${meta.version}`;
      let layout = layouts.get(key);
      if (!layout) {
        layout = layoutFor(JSON.parse(meta.schema) as IndexSchema, meta.version);
        layouts.set(key, layout);
      }
      return layout;
    },
    tableExists(table) {
      if (tables.has(table)) return true;
      const found =
        statements.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table.slice(1, -1)) !==
        undefined;
      if (found) tables.add(table);
      return found;
    },
  };
}
