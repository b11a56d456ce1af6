/**
 * What the support desk browser specs share besides the browser harness: tickets opened through the API, as a
 * visitor's form would, for the admin pages to show.
 */
import type { BrowserHarness } from './browser-harness.ts';

export async function createTicketThroughApi(harness: BrowserHarness, subject: string): Promise<string> {
  const response = await fetch(new URL('/api/support/tickets', harness.server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_name: 'Api Visitor',
      user_email: 'api@example.com',
      subject,
      description: 'Created while the admin socket was down.',
      category: 'general',
      priority: 'low',
      website: '',
    }),
  });
  if (response.status !== 201) throw new Error(`ticket create answered ${response.status}`);
  const body = (await response.json()) as { ticket: { ticket_number: string } };
  return body.ticket.ticket_number;
}
