import { defineProject } from 'vitest/config';

// Component and rule tests for the React client run in jsdom; browser specs live in *.e2e.spec.ts.
export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.unit.spec.{ts,tsx}'],
    environment: 'jsdom',
  },
});
