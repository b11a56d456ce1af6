/**
 * The Dockerfile read as instructions (no container engine here): a supported Node LTS, manifests and
 * `npm ci` before the source for layer caching, the release folder of scripts/build-release.ts (production
 * dependencies only) as the final stage's only content, the server run as built JavaScript by a non-root user.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const text = readFileSync(path.resolve(import.meta.dirname, '../../Dockerfile'), 'utf8');

/** Instructions per stage, continuation lines joined and comments dropped. */
function stages(dockerfile: string): Array<{ from: string; steps: string[] }> {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result: Array<{ from: string; steps: string[] }> = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) result.push({ from: line, steps: [] });
    else result.at(-1)?.steps.push(line);
  }
  return result;
}

const all = stages(text);
const final = all.at(-1);

describe('Dockerfile', () => {
  it('builds on a supported Node LTS', () => {
    expect(text).toMatch(/^ARG NODE_IMAGE=node:(22|24)-bookworm-slim$/m);
    // Every stage starts from that image or from another stage built on it.
    for (const stage of all) expect(stage.from).toMatch(/^FROM (\$\{NODE_IMAGE\}|deps )/);
  });

  it('installs from the manifests before copying the source, so a source change keeps the npm ci layer', () => {
    const deps = all.find((stage) => / AS deps$/.test(stage.from));
    const copyManifests = deps?.steps.findIndex((step) => step.startsWith('COPY --from=manifests')) ?? -1;
    const install = deps?.steps.findIndex((step) => /npm ci$/.test(step)) ?? -1;
    expect(copyManifests).toBeGreaterThanOrEqual(0);
    expect(install).toBeGreaterThan(copyManifests);
    expect(deps?.steps.some((step) => step === 'COPY . .')).toBe(false);
  });

  it('builds with the release script the release test runs, and ships only its folder', () => {
    const build = all.find((stage) => / AS build$/.test(stage.from));
    expect(build?.steps).toContain('RUN npm run build:release -- /release');
    const scripts = (
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts['build:release']).toBe('tsx scripts/build-release.ts');
    // No second way to build or prune: every file of the final stage comes from the release folder.
    expect(all.flatMap((stage) => stage.steps).some((step) => /npm (prune|run build:(web|server))/.test(step))).toBe(
      false,
    );
    const copies = (final?.steps ?? []).filter((step) => step.startsWith('COPY'));
    expect(copies).toEqual(['COPY --from=build --chown=node:node /release/ ./']);
  });

  it('runs the built server and no source or tsx, as a non-root user', () => {
    const steps = final?.steps ?? [];
    expect(steps.some((step) => step.startsWith('COPY . .') || /--from=deps\b/.test(step))).toBe(false);
    expect(steps).toContain('USER node');
    expect(steps.find((step) => step.startsWith('ENTRYPOINT'))).toBe(
      'ENTRYPOINT ["node", "--enable-source-maps", "dist/server/main.mjs"]',
    );
    expect(
      all.flatMap((stage) => stage.steps).some((step) => /\btsx\b/.test(step) && !step.startsWith('RUN npm run')),
    ).toBe(false);
  });
});
