// Entry of a WAL checkpoint thread (wal-checkpointer.ts). Plain JavaScript: it needs nothing but the driver, so
// it loads the same under vitest, tsx and node.
import { setInterval, clearInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
// Read-write: a checkpoint writes the database file. This connection never writes a transaction itself.
const db = new Database(file);

/** A passive checkpoint copies what no reader still needs and waits for no lock, so no writer waits for it. */
const checkpoint = () => {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  return { busy: result.busy, log: result.log, checkpointed: result.checkpointed };
};

const run = (id) => {
  try {
    parentPort.postMessage({ id, result: checkpoint() });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};

const timer = setInterval(() => run(null), intervalMs);
parentPort.on('message', (message) => {
  if (message.type === 'checkpoint') run(message.id);
  if (message.type === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
