/**
 * `npm run boundaries`: checks every TypeScript file's imports against the rules in `boundaries/rules.ts`, and
 * the files for import cycles, and exits non-zero, printing one line per violation, when any arrow points the
 * wrong way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { checkFiles, fileCycles, type PackageExports, type PackageGraph, type SourceFile } from './boundaries/rules.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_ROOTS = ['modules', 'adapters', 'backend/src', 'ingestion/src', 'frontend/src', 'scripts', 'bench'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite']);

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(full);
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** Every workspace package's public doors and its declared workspace dependencies, from its package.json. */
function workspacePackages(): { exports: PackageExports; graph: PackageGraph } {
  const packages: PackageExports = {};
  const graph: PackageGraph = {};
  const dirs = [
    ...readdirSync(path.join(ROOT, 'modules')).map((name) => path.join('modules', name)),
    ...readdirSync(path.join(ROOT, 'adapters')).map((name) => path.join('adapters', name)),
    'backend',
    'ingestion',
    'frontend',
  ];
  for (const dir of dirs) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
        name: string;
        exports?: Record<string, unknown> | string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const exportsField = manifest.exports;
      packages[manifest.name] = typeof exportsField === 'object' && exportsField ? Object.keys(exportsField) : ['.'];
      const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      graph[manifest.name] = { dir, dependencies: declared.filter((name) => name.startsWith('@evently/')) };
    } catch {
      // A folder without a package.json is not a workspace package.
    }
  }
  return { exports: packages, graph };
}

const sources: SourceFile[] = SOURCE_ROOTS.flatMap((root) =>
  [...walk(path.join(ROOT, root))].map((file) => ({
    path: path.relative(ROOT, file).split(path.sep).join('/'),
    imports: importsOf(readFileSync(file, 'utf8')),
  })),
);
const workspace = workspacePackages();
const violations = [...checkFiles(sources, workspace.exports, workspace.graph), ...fileCycles(sources)];

for (const v of violations) console.error(`${v.file}: import '${v.specifier}' [${v.rule}] ${v.message}`);
console.log(
  `boundaries: ${sources.length} files checked, ${violations.length} violation${violations.length === 1 ? '' : 's'}`,
);
process.exitCode = violations.length > 0 ? 1 : 0;
