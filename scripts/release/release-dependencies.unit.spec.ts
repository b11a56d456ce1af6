import { describe, expect, it } from 'vitest';
import { packageNameOf, releaseDependencyProblems, type WorkspaceManifest } from './release-dependencies.ts';

const workspaces: WorkspaceManifest[] = [
  { dir: '', dependencies: {} },
  { dir: 'adapters/mail', dependencies: { nodemailer: '^10.6.0' } },
  { dir: 'backend', dependencies: { koa: '^3.0.0' } },
];
const importer = 'adapters/mail/src/nodemailer-mailer.ts';

function problems(options: { installed?: string[]; ownTree?: string[]; specifier?: string; from?: string }) {
  return releaseDependencyProblems({
    externals: [{ specifier: options.specifier ?? 'nodemailer', importer: options.from ?? importer }],
    workspaces,
    inRelease: (name) => (options.installed ?? []).includes(name),
    inWorkspaceOwnTree: (dir, name) => (options.ownTree ?? []).includes(`${dir}:${name}`),
  });
}

describe('releaseDependencyProblems', () => {
  it('accepts a declared package present in the release, and Node built-ins', () => {
    expect(problems({ installed: ['nodemailer'] })).toEqual([]);
    expect(problems({ specifier: 'node:fs' })).toEqual([]);
    expect(problems({ specifier: 'fs/promises' })).toEqual([]);
  });

  it('names a package the production tree lacks, with its importer', () => {
    expect(problems({})).toEqual([
      `${importer} imports 'nodemailer', which the release's node_modules lacks (production dependencies only)`,
    ]);
  });

  it('names an import the importing workspace does not declare, even when another package brought it in', () => {
    expect(problems({ specifier: 'mongoose/lib/x', installed: ['mongoose'] })).toEqual([
      `${importer} imports 'mongoose', which adapters/mail/package.json does not list in its dependencies`,
    ]);
    expect(problems({ specifier: 'kafkajs', from: 'backend/src/main.ts', installed: ['kafkajs'] })).toEqual([
      `backend/src/main.ts imports 'kafkajs', which backend/package.json does not list in its dependencies`,
    ]);
  });

  it('names a workspace given its own copy by npm, which the image does not carry', () => {
    expect(problems({ installed: ['nodemailer'], ownTree: ['adapters/mail:nodemailer'] })).toEqual([
      `${importer} imports 'nodemailer', which npm installed under adapters/mail/node_modules (the root copy does not satisfy adapters/mail/package.json): the image carries only the root node_modules`,
    ]);
  });

  it('reads package names from deep and scoped specifiers', () => {
    expect(packageNameOf('@elastic/elasticsearch/lib/api')).toBe('@elastic/elasticsearch');
    expect(packageNameOf('nodemailer/lib/addressparser')).toBe('nodemailer');
    expect(packageNameOf('zod')).toBe('zod');
  });
});
