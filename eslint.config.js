// Lint rules for the whole repository (flat config): ESLint's and typescript-eslint's recommended sets,
// and React's hook rules for the client.
// Type-aware rules are left out on purpose: `npm run typecheck` already runs the compiler, and linting
// without type information keeps `npm run check` fast on two cores.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The few Node globals our plain JavaScript files (scripts, configs) use.
const nodeGlobals = {
  process: 'readonly',
  console: 'readonly',
  URL: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'frontend/dist-server/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      '**/.vite/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The React team's hook rules, the compiler-derived ones included: the client is written so that
    // React Compiler could memoize it, and these rules hold it to that.
    files: ['frontend/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    rules: {
      // Unused arguments named `_x` document a required position in a callback signature.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
