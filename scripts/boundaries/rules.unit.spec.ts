import { describe, expect, it } from 'vitest';
import { checkFile, checkFiles, type PackageExports, type PackageGraph } from './rules.ts';

const packages: PackageExports = {
  '@evently/platform': ['.', './testing'],
  '@evently/events': ['.', './contracts'],
  '@evently/backend': ['.'],
};

const rulesBroken = (path: string, ...imports: string[]) => checkFile({ path, imports }, packages).map((v) => v.rule);

describe('module boundaries', () => {
  it('allows a module door and a module’s own relative files', () => {
    expect(rulesBroken('modules/events/src/index.ts', '@evently/platform', './domain/slug.ts', 'zod')).toEqual([]);
  });

  it('rejects a relative path into another module and says which door to use', () => {
    const [violation] = checkFile(
      { path: 'modules/events/src/a.ts', imports: ['../../platform/src/store/sqlite/x.ts'] },
      packages,
    );
    expect(violation?.rule).toBe('module-door');
    expect(violation?.message).toContain("Import '@evently/platform'");
  });

  it('rejects the backend reaching into a module by relative path', () => {
    expect(rulesBroken('backend/src/compose.ts', '../../modules/events/src/infra/x.ts')).toEqual(['module-door']);
  });

  it('rejects package subpaths that are not exported', () => {
    expect(rulesBroken('backend/src/compose.ts', '@evently/events/src/domain/slug.ts')).toEqual(['module-door']);
    expect(rulesBroken('backend/src/compose.ts', '@evently/nope')).toEqual(['unknown-package']);
  });

  it('keeps test doors for tests', () => {
    expect(rulesBroken('modules/platform/src/store/sqlite/x.int.spec.ts', '@evently/platform/testing')).toEqual([]);
    expect(rulesBroken('bench/lib/search-bench-server.ts', '@evently/platform/testing')).toEqual([]);
    expect(rulesBroken('backend/src/compose.ts', '@evently/platform/testing')).toEqual(['test-only']);
  });

  it('keeps the platform free of business modules and modules free of the apps', () => {
    expect(rulesBroken('modules/platform/src/x.ts', '@evently/events')).toEqual(['platform-independent']);
    expect(rulesBroken('modules/events/src/x.ts', '@evently/backend')).toEqual(['modules-below-apps']);
  });

  it('keeps domain code free of I/O', () => {
    expect(rulesBroken('modules/events/src/domain/x.ts', 'node:fs', 'better-sqlite3', 'koa')).toEqual([
      'pure-domain',
      'pure-domain',
      'pure-domain',
    ]);
    expect(rulesBroken('modules/events/src/domain/x.ts', 'node:net', 'zod')).toEqual([]);
    expect(rulesBroken('modules/events/src/infra/x.ts', 'better-sqlite3')).toEqual([]);
  });

  it('keeps server code out of the browser bundle', () => {
    expect(rulesBroken('frontend/src/app/api.ts', '@evently/events', 'node:fs', 'koa')).toEqual([
      'client-only',
      'client-only',
      'client-only',
    ]);
    expect(rulesBroken('frontend/src/app/socket.ts', 'socket.io-client', '@reduxjs/toolkit/query/react')).toEqual([]);
  });

  it('lets the browser take the wire contracts, and only them', () => {
    expect(rulesBroken('frontend/src/features/home/api.ts', '@evently/events/contracts')).toEqual([]);
    expect(rulesBroken('frontend/src/features/home/api.ts', '@evently/events')).toEqual(['client-only']);
  });

  it('keeps a contracts door and what it reaches to zod and other contracts', () => {
    const violations = checkFiles(
      [
        { path: 'modules/events/src/contracts/index.ts', imports: ['./answers.ts'] },
        {
          path: 'modules/events/src/contracts/answers.ts',
          imports: ['zod', './public-event.ts', '@evently/blog/contracts', '../domain/slug.ts', '@evently/platform'],
        },
        { path: 'modules/events/src/contracts/public-event.ts', imports: ['zod'] },
        // Not reached from the door: server-side messages may use the platform.
        { path: 'modules/events/src/contracts/messages.ts', imports: ['@evently/platform'] },
      ],
      { ...packages, '@evently/blog': ['.', './contracts'] },
    );
    expect(violations.map((v) => [v.file, v.specifier, v.rule])).toEqual([
      ['modules/events/src/contracts/answers.ts', '../domain/slug.ts', 'pure-contract'],
      ['modules/events/src/contracts/answers.ts', '@evently/platform', 'pure-contract'],
    ]);
  });

  it('keeps frontend features apart', () => {
    expect(rulesBroken('frontend/src/features/map/map.tsx', '../filters/filter-bar.tsx')).toEqual([
      'feature-isolation',
    ]);
    expect(rulesBroken('frontend/src/features/map/map.tsx', './cluster.tsx', '../../components/x.tsx')).toEqual([]);
  });

  it('forbids a package cycle: nothing imports a package that depends on it, directly or through others', () => {
    const graph: PackageGraph = {
      '@evently/backend': { dir: 'backend', dependencies: ['@evently/ingestion', '@evently/events'] },
      '@evently/ingestion': { dir: 'ingestion', dependencies: ['@evently/events'] },
      '@evently/events': { dir: 'modules/events', dependencies: [] },
    };
    const withIngestion = { ...packages, '@evently/ingestion': ['.'] };
    const broken = (path: string, specifier: string) =>
      checkFile({ path, imports: [specifier] }, withIngestion, graph).map((v) => v.rule);
    expect(broken('ingestion/src/cli.ts', '@evently/backend')).toEqual(['package-cycle']);
    expect(broken('backend/src/processes/ingest.ts', '@evently/ingestion')).toEqual([]);
    expect(broken('ingestion/src/runner/x.ts', '@evently/events')).toEqual([]);
    const [violation] = checkFile(
      { path: 'ingestion/src/cli.ts', imports: ['@evently/backend'] },
      withIngestion,
      graph,
    );
    expect(violation?.message).toContain('@evently/backend depends on @evently/ingestion');
  });
});
