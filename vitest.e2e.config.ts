import { defineConfig } from 'vitest/config';

// Real Chromium against the real server; one file at a time keeps two cores from thrashing.
export default defineConfig({
  test: {
    include: ['{frontend,backend}/**/*.e2e.spec.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
