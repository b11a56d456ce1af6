import { defineConfig } from 'vitest/config';

// Real Chromium against the real server; one file at a time keeps two cores from thrashing.
export default defineConfig({
  test: {
    include: ['{frontend,backend}/**/*.e2e.spec.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // Every answer of a documented route is checked against the API document (api-document/answer-check.ts).
    env: { CHECK_API_ANSWERS: '1' },
    // expect.poll waits for a condition the page reaches after a request and a render; its 1 s default is
    // shorter than a loaded two-core machine needs for that, so it gets Playwright's own 30 s action timeout.
    expect: { poll: { timeout: 30_000 } },
  },
});
