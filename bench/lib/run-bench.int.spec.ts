import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const runBenchModule = path.resolve(import.meta.dirname, 'run-bench.ts');

/** A bench that takes `--events N` and `--fast`, and says when its body runs. */
const TINY_BENCH = `
import { runBench } from ${JSON.stringify(runBenchModule)};
runBench('bench:tiny', 'npm run bench:tiny -- [--events 10] [--fast]', async () => {
  console.log('body ran with ' + process.argv.slice(2).join(' '));
});
`;

let dir: string;
let script: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'run-bench-'));
  script = path.join(dir, 'tiny.bench.ts');
  await writeFile(script, TINY_BENCH);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The tiny bench's exit code and output, run with `args`. */
async function tinyBench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('runBench options', () => {
  it('runs the body with the options its usage names', async () => {
    const result = await tinyBench('--events', '5', '--fast');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('body ran with --events 5 --fast');
  });

  it('prints the usage for --help and runs nothing', async () => {
    const result = await tinyBench('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('usage: npm run bench:tiny -- [--events 10] [--fast]');
    expect(result.stdout).not.toContain('body ran');
  });

  it('refuses an option its usage does not name before the body starts', async () => {
    const result = await tinyBench('--events', '5', '--evnets', '7');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[bench:tiny] failed: unknown option --evnets');
    expect(result.stdout).not.toContain('body ran');
  });
});
