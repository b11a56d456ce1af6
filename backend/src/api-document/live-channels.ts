/**
 * The socket.io channels, described in the API document's introduction (OpenAPI has no place for them). The
 * event names are those of `realtime/module-feeds.ts` and `realtime/realtime-server.ts`.
 */
export const LIVE_CHANNELS_DESCRIPTION = `
## Live channels (socket.io, same origin)

**\`/admin\`** (session cookie, or \`auth: { password, agent_name? }\`):
- receives \`ticket\` \`{ change, ticket_number, id, version, ticket }\` for every ticket change (change: opened, status_changed, message_posted, note_added, assigned, priority_changed, deleted; \`ticket\` is the admin row as the list call gives it, \`assignee\` and \`sla\` included; null when deleted), and \`reviews:pending\`;
- presence: emit \`presence\` \`{ ticket_number | null, state: "viewing" | "typing" }\` when the open ticket or typing changes and every \`renew_ms\` (15 s; records expire after 45 s); receives \`presence:snapshot\` \`{ renew_ms, tickets: [{ ticket_number, agents }], self }\` on connecting (or as the acknowledgement of an emitted \`presence:snapshot\`) and \`presence\` \`{ ticket_number, agents: [{ agent_id, agent, state, expires_at }] }\` whenever a ticket's agents change on any replica. \`agent_id\` is who the agent is (their login session, whose tabs count once; or the connection when it logged in with the password), \`agent\` only their name, which several agents may share ("Support team"); \`self\` is this socket's own \`agent_id\`. Disconnecting leaves.

**\`/tickets\`**:
- \`auth: { ticket_number, token }\`: receives \`ticket\` \`{ change, ticket_number, version, ticket }\` (the token holder's summary) on every change the visitor may see (never internal notes or assignment);
- \`auth: { ticket_number }\` alone: receives \`ticket:status\` \`{ change: "status_changed" | "deleted", ticket_number, version, ticket: { ticket_number, status, created_at, updated_at } | null }\` when the status moves.

Clients drop any push whose \`version\` is not newer than what they hold.`;
