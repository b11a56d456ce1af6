/**
 * Node's flags that write a process's CPU profiles into `BENCH_PROF_DIR` (one file per thread), for each process
 * a bench starts: the server, the projector worker and the feed writer. None when the variable is unset.
 */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
