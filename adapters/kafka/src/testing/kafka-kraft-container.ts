/**
 * Test helper: a single Kafka broker in KRaft mode (no ZooKeeper) from the official apache/kafka image.
 *
 * Kafka hands clients the advertised address, so it must be the one the test process reaches: the host
 * port is chosen before start, bound explicitly, and advertised as `<container host>:<port>`.
 */
import { createServer } from 'node:net';
import { GenericContainer, Wait, getContainerRuntimeClient } from 'testcontainers';

export interface StartedKafka {
  brokers: string[];
  stop(): Promise<void>;
}

export async function startKafka(image = 'apache/kafka:3.8.1'): Promise<StartedKafka> {
  const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
  const port = await freePort();
  const container = await new GenericContainer(image)
    .withExposedPorts({ container: 9092, host: port })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://0.0.0.0:9092,CONTROLLER://0.0.0.0:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      // A new group is assigned at once instead of after the default 3 s wait for more members.
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(180_000)
    .start();
  return {
    brokers: [`${host}:${port}`],
    stop: async () => {
      await container.stop();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
