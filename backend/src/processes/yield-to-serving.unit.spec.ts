import { execFileSync } from 'node:child_process';
import { getPriority } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BULK_WRITER_NICE } from './yield-to-serving.ts';

/** Runs in a child process: lowering the priority of the test worker itself would slow every later file. */
const printedBy = (code: string): string =>
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    encoding: 'utf8',
  }).trim();
const priorityAfter = (code: string): number => Number(printedBy(code));
const helper = JSON.stringify(path.resolve(import.meta.dirname, 'yield-to-serving.ts'));

describe('yieldToServing', () => {
  it('lowers the priority of a bulk writer, and a child it starts inherits it', () => {
    const code =
      `import { yieldToServing } from ${helper}; import { getPriority } from 'node:os'; import { execFileSync } from 'node:child_process';` +
      `yieldToServing(); console.log(execFileSync(process.execPath, ['-e', 'console.log(require("node:os").getPriority())'], { encoding: 'utf8' }).trim());`;
    // A suite itself run below the bulk writers' priority (a CI at nice 19) stays there: the helper never raises it.
    expect(priorityAfter(code)).toBe(Math.max(getPriority(), BULK_WRITER_NICE));
  });

  it('lowers every thread of the process, the helpers V8 started before it too', () => {
    // A thread's nice value is field 19 of /proc/self/task/<id>/stat (after the parenthesised name).
    const code =
      `import { yieldToServing } from ${helper}; import { readdirSync, readFileSync } from 'node:fs';` +
      `yieldToServing(); const nice = readdirSync('/proc/self/task').map((id) => Number(readFileSync('/proc/self/task/' + id + '/stat', 'utf8').split(') ')[1].split(' ')[16]));` +
      `console.log(JSON.stringify(nice));`;
    const nice = JSON.parse(printedBy(code)) as number[];
    // Node starts V8's platform threads and more before any code runs: a process is never one thread.
    expect(nice.length).toBeGreaterThan(1);
    expect(nice.every((value) => value === Math.max(getPriority(), BULK_WRITER_NICE))).toBe(true);
  });

  it('never raises a priority already lower', () => {
    const code = `import { yieldToServing } from ${helper}; import { getPriority, setPriority } from 'node:os'; setPriority(15); yieldToServing(); console.log(getPriority());`;
    expect(priorityAfter(code)).toBe(15);
  });
});
