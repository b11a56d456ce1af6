import { defineConfig } from 'vitest/config';

// Two tiers run by `vitest run`: fast unit specs (no I/O) and integration specs (real SQLite, real HTTP,
// real SMTP on loopback). Browser specs (*.e2e.spec.ts) have their own config: they need a built frontend.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{modules,adapters,backend,ingestion,scripts}/**/*.unit.spec.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          // Every answer of a documented route is checked against the API document (api-document/answer-check.ts).
          env: { CHECK_API_ANSWERS: '1' },
          include: ['{modules,adapters,backend,ingestion,scripts,bench}/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './frontend/vitest.config.ts',
    ],
  },
});
