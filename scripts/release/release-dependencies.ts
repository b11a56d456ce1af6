/**
 * Whether a release's `node_modules` carries every package its server bundle imports, in the copy the
 * source asked for. Three ways a release breaks while the checkout still runs:
 *
 * - the package is not in the release at all (dropped by `npm prune --omit=dev`, being only a dev dependency
 *   of something else, or never declared);
 * - the importing workspace does not declare it in its dependencies, so it is there only by luck of another
 *   package's tree (and the next update or prune removes it);
 * - npm gave the workspace a copy of its own under `<workspace>/node_modules` (the root copy does not satisfy
 *   the declared range): the image ships only the root `node_modules`, so the bundle would load another
 *   major, or nothing.
 */
import { isBuiltin } from 'node:module';
import path from 'node:path';
import type { ExternalImport } from '../build-server.ts';

export interface WorkspaceManifest {
  /** Folder relative to the repository root; '' for the root package. */
  dir: string;
  name?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface ReleaseDependencyInput {
  externals: ExternalImport[];
  workspaces: WorkspaceManifest[];
  /** True when `<dir>/node_modules/<name>/package.json` exists, `dir` relative to the release or the checkout. */
  inRelease: (packageName: string) => boolean;
  inWorkspaceOwnTree: (workspaceDir: string, packageName: string) => boolean;
}

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The workspace whose folder holds the file: the longest matching folder, else the root package. */
function workspaceOf(importer: string, workspaces: WorkspaceManifest[]): WorkspaceManifest | undefined {
  const normalised = importer.split(path.sep).join('/');
  return workspaces
    .filter((workspace) => workspace.dir === '' || normalised.startsWith(`${workspace.dir}/`))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
}

function declares(workspace: WorkspaceManifest, name: string): boolean {
  return [workspace.dependencies, workspace.optionalDependencies, workspace.peerDependencies].some(
    (list) => list !== undefined && name in list,
  );
}

/** Every problem found, one sentence each; empty when the release can run. */
export function releaseDependencyProblems({
  externals,
  workspaces,
  inRelease,
  inWorkspaceOwnTree,
}: ReleaseDependencyInput): string[] {
  const problems = new Set<string>();
  for (const { specifier, importer } of externals) {
    if (isBuiltin(specifier)) continue;
    const name = packageNameOf(specifier);
    const workspace = workspaceOf(importer, workspaces);
    const label = workspace?.dir ? `${workspace.dir}/package.json` : 'package.json';
    if (!inRelease(name))
      problems.add(
        `${importer} imports '${specifier}', which the release's node_modules lacks (production dependencies only)`,
      );
    if (workspace && !declares(workspace, name))
      problems.add(`${importer} imports '${name}', which ${label} does not list in its dependencies`);
    if (workspace?.dir && inWorkspaceOwnTree(workspace.dir, name)) {
      problems.add(
        `${importer} imports '${name}', which npm installed under ${workspace.dir}/node_modules (the root copy does not satisfy ${label}): the image carries only the root node_modules`,
      );
    }
  }
  return [...problems];
}
