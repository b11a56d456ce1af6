/**
 * The hosted CI workflow read as data, and the compose smoke script it runs read as a script: nothing here
 * has Docker, so these say what runs where Docker exists (.github/workflows/ci.yml).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Job {
  'runs-on': string;
  container?: { image: string };
  steps: Array<{ run?: string; uses?: string }>;
}
const workflow = parse(read('.github/workflows/ci.yml')) as { on: unknown; jobs: Record<string, Job> };
const runs = (job: string) =>
  (workflow.jobs[job]?.steps ?? []).flatMap((step) => (step.run ? [step.run] : [])).join('\n');
const smoke = read('scripts/compose-smoke.sh');

describe('.github/workflows/ci.yml', () => {
  it('runs .ci/run in Debian with Node 20, as these machines are', () => {
    expect(workflow.jobs.tests?.container?.image).toBe('node:20-bookworm');
    expect(runs('tests')).toBe('bash .ci/run');
  });

  it('runs every suite that asks for a container engine, and fails if one skipped', () => {
    const job = runs('container-suites');
    expect(workflow.jobs['container-suites']?.['runs-on']).toMatch(/^ubuntu-/);
    expect(job).toContain("grep -rl --include='*.int.spec.ts' containerRuntimeFor modules adapters backend ingestion");
    expect(job).toContain('npx vitest run --project int $suites');
    expect(job).toContain("grep -q 'skipped: no container runtime'");
    // Every suite the job picks up asks for the runtime through containerRuntimeFor, which prints the line the
    // job looks for when it skips.
    const suites = spawnSync(
      'grep',
      ['-rl', '--include=*.int.spec.ts', 'containerRuntimeFor', 'modules', 'adapters', 'backend', 'ingestion'],
      { cwd: ROOT, encoding: 'utf8' },
    ).stdout.split('\n');
    expect(suites.filter(Boolean).length).toBeGreaterThanOrEqual(6);
    for (const suite of suites.filter(Boolean)) expect(read(suite), suite).toContain('await containerRuntimeFor(');
    expect(read('modules/platform/src/testing/container-suite.ts')).toContain(
      'console.log(`skipped: no container runtime (${what})`)',
    );
  });

  it('builds the image and runs the compose smoke on a runner with Docker', () => {
    expect(workflow.jobs['compose-smoke']?.['runs-on']).toMatch(/^ubuntu-/);
    expect(runs('compose-smoke')).toContain('bash scripts/compose-smoke.sh');
  });
});

describe('scripts/compose-smoke.sh', () => {
  it('is valid bash that stops at the first failure', () => {
    expect(spawnSync('bash', ['-n', path.join(ROOT, 'scripts/compose-smoke.sh')]).status).toBe(0);
    expect(smoke).toContain('set -euo pipefail');
  });

  it('checks the refusal without ADMIN_PASSWORD, then up and healthy, a search, a ticket mailed to Mailpit, and down', () => {
    const order = [
      'compose config',
      'compose build api',
      'compose up --detach --wait',
      '$site/readyz',
      '$site/api/events?keyword=',
      '$site/api/support/tickets',
      '$mailpit/api/v1/messages',
    ].map((marker) => smoke.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(smoke).toContain('compose down --volumes --remove-orphans');
    expect(smoke).toContain('trap finish EXIT');
  });
});
