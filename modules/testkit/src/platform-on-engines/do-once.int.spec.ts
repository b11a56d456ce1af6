/** doOnce on the embedded store: one effect per key, even when called again or concurrently; failures release. */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { type DocumentStore, EFFECT_CLAIMS, doOnce, effectClaimsCollection } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';

describe('doOnce', () => {
  let store: DocumentStore;
  let remove: () => Promise<void>;

  beforeEach(async () => {
    const temp = await createTempDataDir('evently-once-');
    remove = temp.remove;
    store = await createSqliteDocumentStore({ file: join(temp.dir, 'evently.db') });
    await store.init([effectClaimsCollection]);
  });
  afterEach(async () => {
    await store.close();
    await remove();
  });

  it('runs the effect once per key, however often and however concurrently it is asked', async () => {
    let runs = 0;
    const effect = async () => {
      runs += 1;
    };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => doOnce(store, 'mail:m1', effect)));
    expect(runs).toBe(1);
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1);
    expect(await doOnce(store, 'mail:m1', effect)).toBe('already-claimed');
    expect(await doOnce(store, 'mail:m2', effect)).toBe('done');
    expect(runs).toBe(2);
    const claims = await store.find<{ key: string; done_at: string | null }>(EFFECT_CLAIMS);
    expect(claims.map((claim) => claim.key).sort()).toEqual(['mail:m1', 'mail:m2']);
    expect(claims.every((claim) => claim.done_at !== null)).toBe(true);
  });

  it('releases the claim when the effect fails, so a redelivery tries again', async () => {
    await expect(doOnce(store, 'mail:m3', async () => Promise.reject(new Error('smtp down')))).rejects.toThrow(
      'smtp down',
    );
    let runs = 0;
    expect(await doOnce(store, 'mail:m3', async () => void (runs += 1))).toBe('done');
    expect(runs).toBe(1);
  });
});
