import { expect, it } from 'vitest';
import { hasContainerRuntime } from './container-runtime.ts';

it('answers a boolean quickly and the same way every time', async () => {
  const first = await hasContainerRuntime();
  expect(typeof first).toBe('boolean');
  expect(await hasContainerRuntime()).toBe(first);
  console.log(`container runtime available: ${first}`);
});
