/**
 * `npm run build:server`: the server as plain JavaScript for the image, so production runs `node` without
 * tsx or any dev dependency (docs/decisions/020-operations.md).
 *
 * esbuild bundles our own TypeScript (backend, ingestion, every `@evently/*` workspace) into
 * `dist/server/main.mjs`; every third-party package stays an external import resolved from the production
 * `node_modules`, so native and optional modules (better-sqlite3, kafkajs' codecs, the GeoLite files) load
 * exactly as they do under tsx. The embedded search index's worker thread gets its own entry beside it.
 *
 * Source files that find files next to themselves (`import.meta.dirname` for the built SPA, the bundled
 * sample feeds) keep pointing at the source tree: their `import.meta` is replaced with their own location,
 * which the image keeps (`/app/frontend/dist`, `/app/ingestion/samples`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(ROOT, 'dist/server');

/**
 * Files whose `import.meta.url` must stay the bundle's: the reader pool starts `./search-reader.worker.mjs`,
 * which this build writes next to the bundle.
 */
const KEEP_BUNDLE_META = [/modules\/platform\/src\/search\/sqlite-fts\/reader-pool\.ts$/];

/** Workspace packages are bundled (they are TypeScript); everything else is required at run time. */
const externalThirdParty: Plugin = {
  name: 'external-third-party',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@evently/') || args.path.startsWith('#')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const sourceLocatedMeta: Plugin = {
  name: 'source-located-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta') || KEEP_BUNDLE_META.some((pattern) => pattern.test(args.path))) return { contents: source, loader: 'ts' };
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServer(outdir = SERVER_OUT_DIR): Promise<void> {
  await build({
    entryPoints: {
      main: path.join(ROOT, 'backend/src/main.ts'),
      'search-reader.worker': path.join(ROOT, 'modules/platform/src/search/sqlite-fts/search-reader-thread.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The image runs Node 22; the code must still run on Node 20 here (the build test starts it).
    target: 'node20.19',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalThirdParty, sourceLocatedMeta],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  process.stdout.write(`server built into ${path.relative(ROOT, SERVER_OUT_DIR)}/\n`);
}
