/**
 * The server as plain JavaScript for the image, so production runs `node` without tsx or any dev
 * dependency (docs/decisions/020-operations.md); build-release.ts calls it for `npm run build:release`.
 *
 * esbuild bundles our own TypeScript (backend, ingestion, every `@evently/*` workspace) into
 * `dist/server/main.mjs`; every third-party package stays an external import resolved from the production
 * `node_modules`, so native and optional modules (better-sqlite3, kafkajs' codecs, the GeoLite files) load
 * exactly as they do under tsx. The embedded search index's worker thread and the WAL checkpoint thread get
 * their own entries beside it.
 *
 * Source files that find files next to themselves (`import.meta.dirname` for the built SPA, the bundled
 * sample feeds, `createRequire` for the GeoLite files) keep their place in the source layout: their
 * `import.meta` becomes their own path, resolved at run time against the app root two folders above the
 * bundle (`<root>/dist/server/main.mjs`). So a release folder anywhere (`/app` in the image, a temporary
 * folder in the release test) finds its own `frontend/dist`, `ingestion/samples` and `node_modules`, never
 * the checkout it was built from.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Files whose `import.meta.url` must stay the bundle's: the reader pool starts `./search-reader.worker.mjs` and
 * the WAL checkpointer `./wal-checkpoint.worker.mjs`, which this build writes next to the bundle.
 */
const KEEP_BUNDLE_META = [
  /adapters\/sqlite\/src\/search\/reader-pool\.ts$/,
  /adapters\/sqlite\/src\/store\/wal-checkpointer\.ts$/,
];

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

/** Declared once at the top of each output file: the app root as a file URL, from the bundle's own place. */
const APP_ROOT_BANNER = [
  "import { fileURLToPath as __eventlyFileURLToPath } from 'node:url';",
  "const __eventlyAppRoot = new URL('../../', import.meta.url);",
].join('\n');

/** The expressions that stand for a source file's `import.meta` members, relative to the app root. */
function sourceLocated(relativeFile: string) {
  const url = `new URL(${JSON.stringify(relativeFile)}, __eventlyAppRoot)`;
  return {
    url: `${url}.href`,
    filename: `__eventlyFileURLToPath(${url})`,
    dirname: `__eventlyFileURLToPath(new URL(${JSON.stringify(path.posix.dirname(relativeFile))}, __eventlyAppRoot))`,
  };
}

const sourceLocatedMeta: Plugin = {
  name: 'source-located-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta') || KEEP_BUNDLE_META.some((pattern) => pattern.test(args.path)))
        return { contents: source, loader: 'ts' };
      const located = sourceLocated(path.relative(ROOT, args.path).split(path.sep).join('/'));
      const contents = source
        .replaceAll('import.meta.dirname', located.dirname)
        .replaceAll('import.meta.filename', located.filename)
        .replaceAll('import.meta.url', located.url);
      return { contents, loader: 'ts' };
    });
  },
};

/** A third-party import the bundle leaves to `node_modules`, and the source file that makes it. */
export interface ExternalImport {
  specifier: string;
  importer: string;
}

/** Builds into `outdir`, which must be `<app root>/dist/server`; answers the bundle's third-party imports. */
export async function buildServer(outdir: string): Promise<ExternalImport[]> {
  const result = await build({
    entryPoints: {
      main: path.join(ROOT, 'backend/src/main.ts'),
      'search-reader.worker': path.join(ROOT, 'adapters/sqlite/src/search/search-reader-thread.ts'),
      'wal-checkpoint.worker': path.join(ROOT, 'adapters/sqlite/src/store/wal-checkpoint.worker.mjs'),
    },
    absWorkingDir: ROOT,
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
    metafile: true,
    banner: { js: APP_ROOT_BANNER },
    plugins: [externalThirdParty, sourceLocatedMeta],
  });
  return externalImports(result.metafile);
}

function externalImports(metafile: Metafile): ExternalImport[] {
  return Object.entries(metafile.inputs).flatMap(([importer, input]) =>
    input.imports.filter((entry) => entry.external).map((entry) => ({ specifier: entry.path, importer })),
  );
}
