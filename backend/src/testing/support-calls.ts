/**
 * The two support calls the process-level specs make before what they test: a visitor opens a ticket, and an
 * agent logs in to the admin panel. Over real HTTP against a running api.
 */

export interface OpenedTicket {
  number: string;
  /** The visitor's private access token. */
  token: string;
}

/** Opens a ticket as a visitor; refuses (throws) unless the api answers 201. */
export async function openTicket(
  baseUrl: string,
  fields: { user_name?: string; user_email?: string; subject: string; description: string },
): Promise<OpenedTicket> {
  const response = await fetch(`${baseUrl}/api/support/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'Ana', user_email: 'ana@example.com', category: 'general', ...fields }),
  });
  if (response.status !== 201) throw new Error(`opening a ticket answered ${response.status}`);
  const body = (await response.json()) as { ticket: { ticket_number: string }; access_token: string };
  return { number: body.ticket.ticket_number, token: body.access_token };
}

/** Logs an agent in with the admin password and returns the session cookie (`name=value`). */
export async function adminSessionCookie(baseUrl: string, password: string, agentName?: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/support/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(agentName === undefined ? { password } : { password, agent_name: agentName }),
  });
  if (response.status !== 200) throw new Error(`admin login answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}
