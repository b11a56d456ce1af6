/**
 * Feeds the realtime server of one api process from the bus. Each api process holds its own sockets, so each
 * needs every change whichever process made it: the gateway reads the log with a tail subscription (its own
 * position, starting at the end, never committed or shared), which on the embedded profile is the SQLite log
 * every process sharing DATA_DIR writes, and in production a Kafka consumer group per replica
 * (docs/decisions/013-live-fan-out.md). Pushes are side effects, so they are never replayed from history;
 * a client that missed some refetches when it reconnects.
 */
import type { EventBus, Subscription } from '@evently/platform';
import type { Logger } from 'pino';
import type { LiveFeed } from './live-feed.ts';
import type { Realtime } from './realtime-server.ts';

export async function startLiveGateway({
  bus,
  feed,
  realtime,
  logger,
}: {
  bus: EventBus;
  feed: LiveFeed;
  realtime: Pick<Realtime, 'push'>;
  logger: Logger;
}): Promise<Subscription> {
  return bus.subscribe({
    group: 'realtime',
    topics: feed.topics,
    mode: 'tail',
    handle: async (batch) => {
      for (const message of batch) {
        try {
          for (const push of await feed.pushesFor(message)) realtime.push(push);
        } catch (error) {
          // One unreadable message must not stall every later push; clients refetch on reconnect anyway.
          logger.warn({ err: error, type: message.type, key: message.key }, 'live push skipped');
        }
      }
    },
  });
}
