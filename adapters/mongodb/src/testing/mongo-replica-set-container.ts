/**
 * Test helper: a single-node MongoDB replica set in a container (transactions and change streams need a
 * replica set). The member is initiated as `localhost:27017`, which only resolves inside the container, so
 * clients connect with `directConnection=true` to the mapped port instead of following the member list.
 */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';

export interface StartedMongoReplicaSet {
  /** Connection string without a database name; each test picks its own `dbName`. */
  uri: string;
  stop(): Promise<void>;
}

const INITIATE_ONCE = [
  'try { rs.status().ok }',
  "catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] }).ok }",
].join(' ');

export async function startMongoReplicaSet(image = 'mongo:7'): Promise<StartedMongoReplicaSet> {
  const container: StartedTestContainer = await new GenericContainer(image)
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(180_000)
    .start();
  const initiated = await container.exec(['mongosh', '--quiet', '--eval', INITIATE_ONCE]);
  if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output}`);
  await waitForPrimary(container);
  return {
    uri: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    stop: async () => {
      await container.stop();
    },
  };
}

/** The node needs a moment after rs.initiate to elect itself; writes fail until it is primary. */
async function waitForPrimary(container: StartedTestContainer): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const hello = await container.exec(['mongosh', '--quiet', '--eval', 'db.hello().isWritablePrimary']);
    if (hello.output.trim().endsWith('true')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The MongoDB replica set member never became primary');
}
