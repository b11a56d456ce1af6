/**
 * `npm run build:release -- <folder>`: everything the image runs, in one folder, built the one way the
 * Dockerfile builds it (the Dockerfile calls this script, and the release test runs it into a temporary
 * folder and starts every role from there, so the two cannot drift):
 *
 *   <folder>/package.json
 *   <folder>/node_modules          production dependencies only, as `npm prune --omit=dev` leaves them
 *   <folder>/dist/server           the server bundle (build-server.ts)
 *   <folder>/frontend/dist         the SPA (Vite)
 *   <folder>/frontend/dist-server  the first paint's server renderer (Vite SSR build)
 *   <folder>/ingestion/samples     the bundled sample feeds
 *
 * Only the root `node_modules` is carried: a package npm installed under a workspace's own `node_modules`
 * (another major than the root copy) is not in the release, and the bundle would fail to start. The check
 * at the end refuses such a release before anything runs it (release-dependencies.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildServer, type ExternalImport } from './build-server.ts';
import { releaseDependencyProblems, type WorkspaceManifest } from './release/release-dependencies.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FRONTEND = path.join(ROOT, 'frontend');

export interface ReleaseOptions {
  /** The folder to create (emptied first); the image's `/app`. */
  outDir: string;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
}

/** Builds the release; answers the bundle's third-party imports, which the release was checked against. */
export async function buildRelease({ outDir, log = () => {} }: ReleaseOptions): Promise<ExternalImport[]> {
  const started = Date.now();
  const step = (what: string) => log(`release: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });

  // Independent parts into separate folders, side by side: the builds are mostly CPU, the prune mostly disk.
  const [externals] = await Promise.all([
    buildServer(path.join(outDir, 'dist/server')).then((imports) => {
      step('server bundled');
      return imports;
    }),
    buildWeb(outDir).then(() => step('web built')),
    installProductionDependencies(outDir).then(() => step('production dependencies in place')),
    cp(path.join(ROOT, 'package.json'), path.join(outDir, 'package.json')),
    cp(path.join(ROOT, 'ingestion/samples'), path.join(outDir, 'ingestion/samples'), { recursive: true }),
  ]);

  const problems = releaseDependencyProblems({
    externals,
    workspaces: await readWorkspaces(),
    inRelease: (name) => existsSync(path.join(outDir, 'node_modules', name, 'package.json')),
    inWorkspaceOwnTree: (dir, name) => existsSync(path.join(ROOT, dir, 'node_modules', name, 'package.json')),
  });
  if (problems.length > 0)
    throw new Error(`the release cannot run:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  step('every third-party import of the bundle resolves in the release');
  return externals;
}

/** The SPA and its server renderer, written into the release rather than the checkout's frontend/dist. */
async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const configFile = path.join(FRONTEND, 'vite.config.ts');
  await build({
    root: FRONTEND,
    configFile,
    logLevel: 'warn',
    build: { outDir: path.join(outDir, 'frontend/dist'), emptyOutDir: true },
  });
  await build({
    root: FRONTEND,
    configFile,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'frontend/dist-server'), emptyOutDir: true },
  });
}

/**
 * The installed tree pruned of dev dependencies by npm itself, in a staging folder beside the release: the
 * manifests, the lock and hard links to the installed packages (a compiled better-sqlite3 is kept, nothing
 * is downloaded). Only the staging folder's root `node_modules` moves into the release, as only the root
 * `node_modules` reaches the image.
 */
async function installProductionDependencies(outDir: string): Promise<void> {
  const staging = `${outDir.replace(/\/+$/, '')}.deps`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    for (const file of ['package.json', 'package-lock.json']) await cp(path.join(ROOT, file), path.join(staging, file));
    for (const workspace of await workspaceDirs()) {
      await mkdir(path.join(staging, workspace), { recursive: true });
      await cp(path.join(ROOT, workspace, 'package.json'), path.join(staging, workspace, 'package.json'));
      // A workspace's own packages too, so npm finds the tree complete and has nothing to fetch.
      if (await exists(path.join(ROOT, workspace, 'node_modules')))
        linkTree(path.join(ROOT, workspace, 'node_modules'), path.join(staging, workspace, 'node_modules'));
    }
    linkTree(path.join(ROOT, 'node_modules'), path.join(staging, 'node_modules'));
    // npm rewrites its hidden lockfile in place: a hard link would change the checkout's copy too.
    const hiddenLock = path.join(staging, 'node_modules/.package-lock.json');
    if (await exists(hiddenLock)) {
      await rm(hiddenLock);
      await cp(path.join(ROOT, 'node_modules/.package-lock.json'), hiddenLock);
    }
    run(
      'npm',
      ['prune', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      staging,
    );
    await rename(path.join(staging, 'node_modules'), path.join(outDir, 'node_modules'));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Copies a folder as hard links (one filesystem), or as a plain copy where links cannot be made. */
function linkTree(from: string, to: string): void {
  const linked = spawnSync('cp', ['-al', from, to], { encoding: 'utf8' });
  if (linked.status === 0) return;
  run('cp', ['-a', from, to], ROOT);
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The workspace folders the root package.json names (`modules/*`, `backend`...), relative to the root. */
async function workspaceDirs(): Promise<string[]> {
  const { workspaces } = (await import(path.join(ROOT, 'package.json'), { with: { type: 'json' } })).default as {
    workspaces: string[];
  };
  const dirs: string[] = [];
  for (const pattern of workspaces) {
    if (!pattern.endsWith('/*')) {
      dirs.push(pattern);
      continue;
    }
    const parent = pattern.slice(0, -2);
    for (const entry of await readdir(path.join(ROOT, parent), { withFileTypes: true })) {
      if (entry.isDirectory() && (await exists(path.join(ROOT, parent, entry.name, 'package.json'))))
        dirs.push(`${parent}/${entry.name}`);
    }
  }
  return dirs;
}

async function readWorkspaces(): Promise<WorkspaceManifest[]> {
  const root = {
    dir: '',
    ...(await import(path.join(ROOT, 'package.json'), { with: { type: 'json' } })).default,
  } as WorkspaceManifest;
  const workspaces = await Promise.all(
    (await workspaceDirs()).map(
      async (dir) =>
        ({
          dir,
          ...(await import(path.join(ROOT, dir, 'package.json'), { with: { type: 'json' } })).default,
        }) as WorkspaceManifest,
    ),
  );
  return [root, ...workspaces];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write('Usage: npm run build:release -- <folder>\n');
    process.exit(2);
  }
  await buildRelease({ outDir: path.resolve(outDir), log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(`release built into ${outDir}\n`);
}
