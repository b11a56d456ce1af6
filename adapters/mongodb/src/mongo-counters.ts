/**
 * Named counters in one collection (`{ _id: name, value }`). `$inc` with `upsert` is atomic on the server,
 * and inside a transaction the counter document is written by the session, so two transactions that both
 * take a number conflict and MongoDB retries the later one: numbers follow commit order and never repeat.
 */
import type { mongo } from 'mongoose';

interface CounterDocument {
  _id: string;
  value: number;
}

/** Adds `by` to the counter and returns its new value (the first call with `by = 1` returns 1). */
export async function incrementCounter(
  counters: mongo.Collection<CounterDocument>,
  name: string,
  by: number,
  session?: mongo.ClientSession,
): Promise<number> {
  const after = await counters.findOneAndUpdate(
    { _id: name },
    { $inc: { value: by } },
    { upsert: true, returnDocument: 'after', ...(session ? { session } : {}) },
  );
  if (!after) throw new Error(`Counter ${name} was not returned after its upsert`);
  return after.value;
}

export type { CounterDocument };
