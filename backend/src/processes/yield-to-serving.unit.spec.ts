import { execFileSync } from 'node:child_process';
import { getPriority } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BULK_WRITER_NICE } from './yield-to-serving.ts';

/** Runs in a child process: lowering the priority of the test worker itself would slow every later file. */
const priorityAfter = (code: string): number =>
  Number(
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      encoding: 'utf8',
    }).trim(),
  );
const helper = JSON.stringify(path.resolve(import.meta.dirname, 'yield-to-serving.ts'));

describe('yieldToServing', () => {
  it('lowers the priority of a bulk writer, and a child it starts inherits it', () => {
    const code =
      `import { yieldToServing } from ${helper}; import { getPriority } from 'node:os'; import { execFileSync } from 'node:child_process';` +
      `yieldToServing(); console.log(execFileSync(process.execPath, ['-e', 'console.log(require("node:os").getPriority())'], { encoding: 'utf8' }).trim());`;
    // A suite itself run below the bulk writers' priority (a CI at nice 19) stays there: the helper never raises it.
    expect(priorityAfter(code)).toBe(Math.max(getPriority(), BULK_WRITER_NICE));
  });

  it('never raises a priority already lower', () => {
    const code = `import { yieldToServing } from ${helper}; import { getPriority, setPriority } from 'node:os'; setPriority(15); yieldToServing(); console.log(getPriority());`;
    expect(priorityAfter(code)).toBe(15);
  });
});
