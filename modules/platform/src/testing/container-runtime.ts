/**
 * Whether a container engine is reachable, for suites that need MongoDB, Kafka or Elasticsearch through
 * testcontainers. Asked once per process; without an engine testcontainers rejects within milliseconds,
 * and the timeout guards against a half-configured one that never answers.
 */
let answer: Promise<boolean> | undefined;

export function hasContainerRuntime(timeoutMs = 5_000): Promise<boolean> {
  answer ??= (async () => {
    const { getContainerRuntimeClient } = await import('testcontainers');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([getContainerRuntimeClient().then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  })();
  return answer;
}
