// Entry of a search reader thread. A worker does not get the parent's TypeScript loader under every runner
// (vitest compiles the parent through Vite), so this plain module loads the TypeScript entry through tsx's
// API, which behaves the same under vitest, `tsx` and `node --import tsx`.
import { tsImport } from 'tsx/esm/api';

await tsImport('./search-reader-thread.ts', import.meta.url);
