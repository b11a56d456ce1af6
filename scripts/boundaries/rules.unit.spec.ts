import { describe, expect, it } from 'vitest';
import { checkFile, checkFiles, fileCycles, type PackageExports, type PackageGraph } from './rules.ts';

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
      { path: 'modules/events/src/a.ts', imports: ['../../platform/src/store/collection.ts'] },
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
    expect(rulesBroken('adapters/sqlite/src/store/x.int.spec.ts', '@evently/platform/testing')).toEqual([]);
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

  describe('engines as adapter packages', () => {
    const graph: PackageGraph = {
      '@evently/platform': { dir: 'modules/platform', dependencies: [] },
      '@evently/events': { dir: 'modules/events', dependencies: ['@evently/platform'] },
      '@evently/testkit': { dir: 'modules/testkit', dependencies: ['@evently/platform', '@evently/sqlite'] },
      '@evently/sqlite': { dir: 'adapters/sqlite', dependencies: ['@evently/platform'] },
      '@evently/mail': { dir: 'adapters/mail', dependencies: ['@evently/platform'] },
      '@evently/backend': { dir: 'backend', dependencies: ['@evently/events', '@evently/sqlite'] },
    };
    const doors: PackageExports = {
      ...packages,
      '@evently/platform': ['.', './adapter-kit', './testing'],
      '@evently/testkit': ['.'],
      '@evently/sqlite': ['.'],
      '@evently/mail': ['.', './testing'],
    };
    const broken = (path: string, ...imports: string[]) =>
      checkFile({ path, imports }, doors, graph).map((v) => v.rule);

    it('keeps business modules off the engines, except in their specs', () => {
      expect(broken('modules/events/src/infra/x.ts', '@evently/sqlite')).toEqual(['engine-free-modules']);
      expect(
        checkFile({ path: 'modules/events/src/x.ts', imports: ['@evently/sqlite'] }, doors, graph)[0]?.message,
      ).toContain('backend/src/adapters.ts');
      expect(broken('modules/events/src/x.int.spec.ts', '@evently/sqlite', '@evently/testkit')).toEqual([]);
      expect(broken('modules/events/src/testing/harness.ts', '@evently/mail/testing')).toEqual([]);
    });

    it('lets an adapter import only the platform, and other adapters only in its specs', () => {
      expect(
        broken(
          'adapters/sqlite/src/store/x.ts',
          '@evently/platform',
          '@evently/platform/adapter-kit',
          'better-sqlite3',
        ),
      ).toEqual([]);
      expect(broken('adapters/sqlite/src/store/x.ts', '@evently/mail')).toEqual(['adapter-imports']);
      expect(broken('adapters/sqlite/src/log/x.int.spec.ts', '@evently/mail/testing')).toEqual([]);
      expect(broken('adapters/sqlite/src/log/x.int.spec.ts', '@evently/events')).toEqual(['adapter-imports']);
      expect(broken('adapters/mail/src/x.ts', '../../sqlite/src/store/y.ts')).toEqual(['module-door']);
    });

    it('keeps the platform free of engines, its specs included', () => {
      expect(broken('modules/platform/src/mail/x.ts', '@evently/mail')).toEqual([
        'platform-independent',
        'package-cycle',
      ]);
      expect(broken('modules/platform/src/bus/x.int.spec.ts', '@evently/sqlite')).toEqual([
        'platform-independent',
        'package-cycle',
      ]);
    });

    it('leaves the engines to the composition root, the testkit, benches and scripts', () => {
      expect(broken('backend/src/adapters.ts', '@evently/sqlite')).toEqual([]);
      expect(broken('modules/testkit/src/module-harness.ts', '@evently/sqlite', '@evently/platform/testing')).toEqual(
        [],
      );
      expect(broken('bench/lib/stack.ts', '@evently/sqlite', '@evently/testkit')).toEqual([]);
      expect(broken('backend/src/compose.ts', '@evently/testkit')).toEqual(['test-only']);
    });

    it('keeps the adapter kit for adapters', () => {
      expect(broken('modules/events/src/infra/x.ts', '@evently/platform/adapter-kit')).toEqual(['adapter-kit']);
      expect(broken('backend/src/x.ts', '@evently/platform/adapter-kit')).toEqual(['adapter-kit']);
    });
  });

  it('finds files of one package that import each other in a ring, type-only imports included', () => {
    const cycles = fileCycles([
      { path: 'adapters/sqlite/src/search/search-sql.ts', imports: ['./keyword-order.ts', './index-layout.ts'] },
      { path: 'adapters/sqlite/src/search/keyword-order.ts', imports: ['./ordered-walk.ts'] },
      { path: 'adapters/sqlite/src/search/ordered-walk.ts', imports: ['./search-sql.ts', '@evently/platform'] },
      { path: 'adapters/sqlite/src/search/index-layout.ts', imports: [] },
    ]);
    expect(cycles.map((cycle) => cycle.rule)).toEqual(['file-cycle']);
    expect(cycles[0]?.message).toContain('adapters/sqlite/src/search/ordered-walk.ts');
    expect(cycles[0]?.message).not.toContain('index-layout');
    expect(
      fileCycles([
        { path: 'modules/events/src/a.ts', imports: ['./b.ts'] },
        { path: 'modules/events/src/b.ts', imports: ['./c.ts'] },
        { path: 'modules/events/src/c.ts', imports: [] },
      ]),
    ).toEqual([]);
  });
});
