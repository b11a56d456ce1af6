/** Reads every blog message logged so far, in log order, through a throwaway consumer group. */
import type { Delivered, EventBus } from '@evently/platform';
import { BLOG_TOPIC } from '../contracts/messages.ts';

let groups = 0;

export async function collectMessages(bus: EventBus): Promise<Delivered[]> {
  const seen: Delivered[] = [];
  const subscription = await bus.subscribe({
    group: `test.blog-collector.${(groups += 1)}`,
    topics: [BLOG_TOPIC],
    handle: async (batch) => {
      seen.push(...batch);
    },
  });
  await subscription.drained();
  await subscription.stop();
  return seen;
}
