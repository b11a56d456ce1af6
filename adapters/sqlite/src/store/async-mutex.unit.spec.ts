import { expect, it } from 'vitest';
import { AsyncMutex } from './async-mutex.ts';

it('lets one holder in at a time, in the order they asked', async () => {
  const mutex = new AsyncMutex();
  const events: string[] = [];
  const hold = async (name: string) => {
    const release = await mutex.acquire();
    events.push(`${name} in`);
    await Promise.resolve();
    await Promise.resolve();
    events.push(`${name} out`);
    release();
  };
  await Promise.all([hold('a'), hold('b'), hold('c')]);
  expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
});
