/**
 * Which SQL answers a query: the page's plan and the count's, chosen from the words' match set, the `sortedBy`
 * indexes and whether bm25 ranks at all; and the facts the page finder weighs before walking an index in
 * the page's order instead (its length, whether its entries hold every column the conditions test).
 */
import type { SearchQuery } from '@evently/platform';
import { geoIndex, type IndexLayout } from './index-layout.ts';
import { ftsMatch } from './fts-match.ts';
import { coveredByGeoIndex, hasSelectiveCondition, planMatch, type MatchPlan } from './search-sql.ts';
import { columnsTested, sortedByIndexFor } from './ordered-walk.ts';
import { keywordOrderIndexFor, keywordOrderOf } from './keyword-order.ts';
import type { ReaderContext } from './reader-context.ts';

/** A query's plans: the page's, the count's, and its match expression (null without words). */
export interface QueryPlans {
  page: MatchPlan;
  count: MatchPlan;
  match: string | null;
}

export interface PagePlans {
  plansFor(layout: IndexLayout, query: SearchQuery): QueryPlans;
  /** The same conditions on the docs columns (no R*Tree subquery, text as a match set), read in the order of `index`. */
  orderedWalkPlan(layout: IndexLayout, query: SearchQuery, index: string, match: string | null): MatchPlan;
  /** Whether walking `index` tests every condition of the query in the index entry (no docs lookup per row). */
  walkCovered(layout: IndexLayout, query: SearchQuery, index: string, match: string | null): boolean;
  /** Rows in the docs table, near enough (deleted rows leave gaps in rid) to estimate a walk's length. */
  indexedRows(layout: IndexLayout): number;
}

const wantsRelevance = (query: SearchQuery): boolean =>
  query.text !== undefined && (query.sort ?? []).some((clause) => clause.by === 'relevance');

export function createPagePlans(
  { db, statements, counts, matchSets }: ReaderContext,
  commonTextDocuments: number,
): PagePlans {
  const indexColumnNames = new Map<string, Set<string>>();
  /** The columns an index holds, read from SQLite (an index built by an older layout may hold fewer). */
  const indexColumns = (index: string): Set<string> => {
    let names = indexColumnNames.get(index);
    if (!names) {
      names = new Set(
        (statements.prepared(`PRAGMA index_info(${index})`).all() as Array<{ name: string | null }>).map(
          (row) => row.name ?? '',
        ),
      );
      indexColumnNames.set(index, names);
    }
    return names;
  };

  const constantScores = new Map<string, boolean>();
  /**
   * Whether bm25 gives every match of this FTS table the same score. It does for ours: the table is contentless
   * with `detail=column` (index-layout.ts), and FTS5 has no position lists for such a table (it would rebuild
   * them from the content it does not keep), so bm25 counts no occurrences and scores every match -0. Relevance
   * first is then the next sort keys' order: a keyword without `sort_by` scored, joined and sorted every
   * match for a key that never decided anything. Probed, not assumed: one
   * indexed word's matches are scored once per table and connection, so an SQLite that ranks such tables
   * brings the scoring plan back by itself. An empty table is probed again on the next call.
   */
  const bm25IsConstant = (layout: IndexLayout): boolean => {
    const known = constantScores.get(layout.fts);
    if (known !== undefined) return known;
    const term = statements.prepared(`SELECT term FROM ${layout.ftsVocab} WHERE doc > 0 LIMIT 1`).pluck().get() as
      string | undefined;
    if (term === undefined) return false;
    const weights = layout.searchable.map((s) => s.boost).join(', ');
    const scores = statements
      .prepared(`SELECT bm25(${layout.fts}, ${weights}) FROM ${layout.fts} WHERE ${layout.fts} MATCH @match LIMIT 50`)
      .pluck()
      .all({ match: `"${term.replaceAll('"', '""')}"` }) as number[];
    const constant = scores.length > 0 && scores.every((score) => score === 0);
    constantScores.set(layout.fts, constant);
    return constant;
  };

  const plansFor = (layout: IndexLayout, query: SearchQuery): QueryPlans => {
    const match = query.text ? ftsMatch(db, layout, query.text) : null;
    if (!match) {
      const area = coveredByGeoIndex(layout, query) ? (query.near ?? query.bounds)!.field : null;
      const plan = planMatch(layout, query, null, false, { geoIndex: area !== null });
      // Named, not left to the planner: a new index has no statistics until the next ANALYZE, and the date
      // index holds the points too, so without statistics it looks as good as the geo index for an area.
      const named = sortedByIndexFor(layout, query) ?? (area === null ? null : geoIndex(layout, area));
      const indexed = named === null ? plan : { ...plan, from: `${plan.from} INDEXED BY ${named}` };
      return { page: indexed, count: indexed, match: null };
    }
    // How many documents match decides only when another condition could drive: the words' set tells exactly,
    // and the docs side would need it anyway (fts-match.ts does not count the vocabulary to estimate it).
    const drive =
      hasSelectiveCondition(query, layout) && matchSets.load(layout, match.expression).size > commonTextDocuments
        ? 'docs'
        : 'fts';
    // A selective docs index drives and tests each of its rows against the match set (match-sets.ts).
    const set = drive === 'docs' ? matchSets.load(layout, match.expression) : undefined;
    const matchSet = set?.bytes;
    const count = planMatch(layout, query, match.expression, false, { drive, matchSet });
    const wantScore = (query.sort ?? []).some((clause) => clause.by === 'relevance');
    const constant = wantScore && drive === 'fts' && bm25IsConstant(layout);
    const page = wantScore
      ? planMatch(layout, query, match.expression, true, {
          drive,
          words: match.forms,
          constantScore: constant,
          matchSet,
        })
      : count;
    // Words with a city in date order (or relevance, then date): the city's `sortedBy` index holds every
    // column, in the page's order (keyword-order.ts).
    const byKeyword = set !== undefined ? keywordOrderIndexFor(layout, query) : null;
    if (byKeyword !== null) {
      const keywordOrder = keywordOrderOf(layout, query, byKeyword, match.forms, page.score, set!.bits);
      const ordered = (plan: MatchPlan): MatchPlan => ({
        ...plan,
        from: `${plan.from} INDEXED BY ${byKeyword.index}`,
        keywordOrder,
      });
      return { page: ordered(page), count: ordered(count), match: match.expression };
    }
    return { page, count, match: match.expression };
  };

  return {
    plansFor,
    orderedWalkPlan(layout, query, index, match) {
      // Only a query whose relevance is constant walks with it (walkableSortIndex): the key is kept for its cursors.
      const matchSet = match === null ? undefined : matchSets.load(layout, match).bytes;
      const plan = planMatch(layout, query, match, wantsRelevance(query), {
        geoIndex: true,
        constantScore: true,
        matchSet,
      });
      return { ...plan, from: `${plan.from} INDEXED BY ${index}` };
    },
    walkCovered(layout, query, index, match) {
      const plan = planMatch(layout, query, match, wantsRelevance(query), { geoIndex: true, constantScore: true });
      const held = indexColumns(index);
      return [...columnsTested(plan.where)].every((name) => held.has(name));
    },
    indexedRows(layout) {
      const sql = `SELECT coalesce(max(rid), 0) FROM ${layout.docs}`;
      return counts.get(sql, {}, () => statements.prepared(sql).pluck().get() as number);
    },
  };
}
