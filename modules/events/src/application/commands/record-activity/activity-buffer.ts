/**
 * Page views and clicks counted in memory between flushes, per event: a popular page no longer costs one
 * store transaction (and one conflict with every concurrent view of the same event) per view. Pure: the
 * flush schedule and the store writes live in record-activity.ts.
 */
export interface PendingActivity {
  views: number;
  /** Clicks per target (`ticketmaster`, `affiliate`, ...). */
  clicks: Map<string, number>;
}

export class ActivityBuffer {
  private pending = new Map<string, PendingActivity>();

  add(id: string, kind: 'view' | 'click', target: string): void {
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { views: 0, clicks: new Map() };
      this.pending.set(id, entry);
    }
    if (kind === 'view') entry.views += 1;
    else entry.clicks.set(target, (entry.clicks.get(target) ?? 0) + 1);
  }

  /** What is counted but not yet written, for answers that show the count they just added to. */
  peek(id: string): { views: number; clicks: number } {
    const entry = this.pending.get(id);
    return { views: entry?.views ?? 0, clicks: [...(entry?.clicks.values() ?? [])].reduce((sum, n) => sum + n, 0) };
  }

  /** Takes everything counted so far; new activity starts a fresh buffer. */
  drain(): Map<string, PendingActivity> {
    const taken = this.pending;
    this.pending = new Map();
    return taken;
  }

  /** Puts back what a failed flush could not write, merged with anything counted since. */
  restore(id: string, activity: PendingActivity): void {
    for (let i = 0; i < activity.views; i++) this.add(id, 'view', 'detail');
    for (const [target, n] of activity.clicks) for (let i = 0; i < n; i++) this.add(id, 'click', target);
  }

  get size(): number {
    return this.pending.size;
  }
}
