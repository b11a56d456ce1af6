import type { TicketPresence } from '../../lib/admin/presence.ts';

function names(list: string[]): string {
  if (list.length <= 2) return list.join(' and ');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** "Bo is typing a reply" / "Also viewing: Bo": what the other agents are doing on one ticket. */
export function PresenceLine({ presence, compact = false }: { presence: TicketPresence; compact?: boolean }) {
  if (presence.viewers.length === 0) return null;
  const typing = presence.typing;
  const watching = presence.viewers.filter((name) => !typing.includes(name));
  return (
    <span className={`presence-line${compact ? ' presence-line--compact' : ''}`} role={compact ? undefined : 'status'}>
      {typing.length > 0 && (
        <span className="presence-line__typing">
          <span className="presence-line__dots" aria-hidden="true" />
          {names(typing)} {typing.length === 1 ? 'is' : 'are'} typing a reply
        </span>
      )}
      {watching.length > 0 && (
        <span className="presence-line__viewing">
          <span className="presence-line__eye" aria-hidden="true" />
          {compact ? names(watching) : `Also viewing: ${names(watching)}`}
        </span>
      )}
    </span>
  );
}
