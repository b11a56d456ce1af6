import type { SubscriberStats } from './types.ts';

/** Spec 02 "Subscribers tab": the four stat cards (plus the unconfirmed count on a double opt-in server). */
export function SubscriberStatCards({ stats }: { stats: SubscriberStats | null }) {
  const cards: { label: string; value: number | undefined; tone: string }[] = [
    { label: 'Total Subscribers', value: stats?.total, tone: 'total' },
    { label: 'Active', value: stats?.active, tone: 'active' },
    { label: 'Inactive', value: stats?.inactive, tone: 'inactive' },
    { label: 'Sent last 7 days', value: stats?.sent_last_7d, tone: 'sent' },
  ];
  if (stats?.pending !== undefined)
    cards.push({ label: 'Awaiting confirmation', value: stats.pending, tone: 'pending' });
  return (
    <dl className={`subscriber-stats${cards.length > 4 ? ' subscriber-stats--five' : ''}`}>
      {cards.map((card) => (
        <div key={card.label} className={`subscriber-stat subscriber-stat--${card.tone}`}>
          <dt>{card.label}</dt>
          <dd>{card.value === undefined ? '—' : card.value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}
