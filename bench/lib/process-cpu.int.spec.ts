import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { processCoreWaitSeconds, processCpuSeconds } from './process-cpu.ts';

/**
 * A child that keeps three threads (its main thread and two workers) busy for a second, pinned to one core
 * (taskset), so while all are busy two of them wait; it prints "done" and stays until its input closes, so its
 * threads can still be read.
 */
const THREE_BUSY_THREADS = `
const { Worker } = require('node:worker_threads');
const busy = 'const until = Date.now() + 1000; while (Date.now() < until);';
// Each worker stays after its busy second, so its thread (and what it waited) can still be read.
const code = busy + " require('node:worker_threads').parentPort.postMessage('busy'); setInterval(() => {}, 1000);";
let left = 2;
for (let i = 0; i < 2; i++) new Worker(code, { eval: true }).on('message', () => --left === 0 && console.log('done'));
eval(busy);
process.stdin.on('end', () => process.exit(0)).resume();
`;

describe('process CPU and core waits', () => {
  it('counts the time the threads of a process waited for the one core they shared', async () => {
    const child = spawn('taskset', ['-c', '0', process.execPath, '-e', THREE_BUSY_THREADS], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      await once(child.stdout, 'data');
      const cpu = processCpuSeconds(child.pid!)!;
      const waited = processCoreWaitSeconds(child.pid!)!;
      expect(cpu).toBeGreaterThan(0.1);
      // Three threads busy on one core: at any moment one runs and two wait, so they waited about twice what
      // they ran (more if other work shares that core).
      expect(waited).toBeGreaterThan(1.2 * cpu);
    } finally {
      child.stdin.end();
      await once(child, 'exit');
    }
  });

  it('says nothing of a process that does not exist', () => {
    expect(processCpuSeconds(2 ** 30)).toBeNull();
    expect(processCoreWaitSeconds(2 ** 30)).toBeNull();
  });
});
