/**
 * `offers list` and `offers split` as processes (issue 16): two sellers of one show are loaded through the
 * events module's command on an embedded DATA_DIR (the default composition links offers), then the CLI lists
 * the group, splits the linked record out, and lists both apart; mistakes exit 2 with a message.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '@evently/platform';
import { compose } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { backendProcesses } from '../testing/backend-processes.ts';
import type { BackendProcess } from '../testing/spawn-backend.ts';
import { UsageError } from './usage-error.ts';
import { parseOffersArgs } from './offers.ts';

const backends = backendProcesses({ prefix: 'evently-offers-' });

async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<BackendProcess & { code: number | string }> {
  const backend = backends.spawn(['offers', ...args], env);
  return Object.assign(backend, { code: await backend.exited });
}

const show = {
  category: 'Music & Concerts',
  start_utc: '2027-03-05T23:00:00.000Z',
  venue_name: "St. Bartholomew's Church",
  city: 'New York',
  country: 'United States',
  latitude: 40.7577,
  longitude: -73.9735,
  currency: 'USD',
} as const;

describe('offers process', () => {
  it('parses list and split, and refuses anything else with the usage', () => {
    expect(parseOffersArgs(['list', '7'])).toEqual({ action: 'list', id: '7' });
    expect(parseOffersArgs(['split', '7'])).toEqual({ action: 'split', id: '7' });
    expect(parseOffersArgs(['split', '7', 'different', 'show'])).toEqual({
      action: 'split',
      id: '7',
      reason: 'different show',
    });
    expect(() => parseOffersArgs(['split'])).toThrow(UsageError);
    expect(() => parseOffersArgs(['merge', '7'])).toThrow(/offers list <eventId>/);
  });

  it('lists a group, splits the linked record out and lists both apart', async () => {
    const env = {
      DATA_DIR: backends.dataDir(),
      ADMIN_PASSWORD: 'offers-test-password',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    };
    const composition = await compose({
      config: loadConfig(env),
      logger: createLogger({ name: 'test', level: 'silent' }),
      role: 'test',
      env,
    });
    let canonical: string;
    let linked: string;
    try {
      const { upsertFromSource } = composition.events.commands;
      canonical = (
        await upsertFromSource({
          ...show,
          source: 'ticketmaster',
          external_id: 'tm-viv',
          name: 'Vivaldi Four Seasons by Candlelight',
          min_price: 45,
          purchase_url: 'https://www.ticketmaster.com/event/tm-viv',
        })
      ).id;
      const second = await upsertFromSource({
        ...show,
        source: 'fever',
        external_id: 'fv-viv',
        name: 'Candlelight: Four Seasons, Vivaldi',
        min_price: 39,
        purchase_url: 'https://feverup.com/m/fv-viv',
      });
      expect(second.linked_to).toBe(canonical);
      linked = second.id;
    } finally {
      await composition.close();
    }

    const list = await runCli(['list', linked], env);
    expect(list.code).toBe(0);
    expect(list.lines).toEqual([
      `event ${linked} is linked into event ${canonical}`,
      `event ${canonical}  Vivaldi Four Seasons by Candlelight  2 offers`,
      `  ${linked}  Fever  From USD 39  https://feverup.com/m/fv-viv`,
      `  ${canonical}  Ticketmaster  From USD 45  https://www.ticketmaster.com/event/tm-viv`,
    ]);

    const split = await runCli(['split', linked, 'a', 'different', 'show'], env);
    expect(split.code).toBe(0);
    expect(split.lines).toEqual([
      `split event ${linked} out of its group; the rest of its group lists as event ${canonical}`,
    ]);

    expect((await runCli(['list', canonical], env)).lines).toEqual([
      `event ${canonical}  Vivaldi Four Seasons by Candlelight  1 offer`,
      `  ${canonical}  Ticketmaster  From USD 45  https://www.ticketmaster.com/event/tm-viv`,
    ]);
    expect((await runCli(['list', linked], env)).lines[0]).toBe(
      `event ${linked}  Candlelight: Four Seasons, Vivaldi  1 offer`,
    );

    const again = await runCli(['split', linked], env);
    expect(again.code).toBe(2);
    expect(again.stderr().trim()).toBe(`Event ${linked} is not linked with any other offer`);
    const missing = await runCli(['list', '999'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr().trim()).toBe('No event 999');
  }, 120_000);
});
