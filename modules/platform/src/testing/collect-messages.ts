/** Reads every message logged so far on the given topics, in log order, through a throwaway consumer group. */
import type { Delivered } from '../bus/envelope.ts';
import type { EventBus } from '../bus/event-bus.port.ts';

let groups = 0;

export async function collectMessages(bus: EventBus, topics: string[]): Promise<Delivered[]> {
  const seen: Delivered[] = [];
  const subscription = await bus.subscribe({
    group: `test.collector.${(groups += 1)}`,
    topics,
    handle: async (batch) => {
      seen.push(...batch);
    },
  });
  await subscription.drained();
  await subscription.stop();
  return seen;
}
