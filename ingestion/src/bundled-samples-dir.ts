/** Where the bundled sample feeds live (committed output of `simulator/write-bundled-samples.ts`). */
import { fileURLToPath } from 'node:url';

export const BUNDLED_SAMPLES_DIR = fileURLToPath(new URL('../samples/', import.meta.url));
