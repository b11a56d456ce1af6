import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityView } from '@evently/support/contracts';
import type { WorkspaceMessage } from './api.ts';
import { Timeline } from './timeline.tsx';

const OPENED: ActivityView[] = [
  { kind: 'opened', actor: 'Visitor', at: '2026-03-02T09:00:00.000Z' },
  { kind: 'mail_sent', actor: 'System', at: '2026-03-02T09:00:01.000Z', detail: 'confirmation' },
];

const message = (overrides: Partial<WorkspaceMessage>): WorkspaceMessage => ({
  sender_name: 'Support Team',
  message: 'We are on it.',
  is_admin: true,
  is_internal: false,
  created_at: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

/** The timeline's lines top to bottom, as an agent reads them. */
function lines(): string[] {
  const timeline = screen.getByRole('region', { name: 'Timeline' });
  return [...timeline.querySelectorAll('li, .conversation__empty')].map((node) =>
    node.classList.contains('conversation__empty')
      ? (node.textContent ?? '')
      : (node.firstElementChild?.textContent ?? ''),
  );
}

describe('the team timeline', () => {
  afterEach(cleanup);

  it('says there is no reply yet after the opening and its mail, where the first reply will appear', () => {
    render(<Timeline messages={[]} activity={OPENED} />);
    expect(lines()).toEqual(['Ticket opened', 'Confirmation mailed to the visitor', 'No replies yet.']);
  });

  it('still says so after an internal note or a follow-up, which do not answer the visitor', () => {
    render(
      <Timeline
        messages={[
          message({ sender_name: 'Ana', message: 'Refund policy?', is_admin: false }),
          message({ message: 'Check with the seller first.', is_internal: true }),
        ]}
        activity={OPENED}
      />,
    );
    expect(lines().at(-1)).toBe('No replies yet.');
  });

  it('drops the line once the team has replied', () => {
    render(<Timeline messages={[message({})]} activity={OPENED} />);
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('We are on it.')).toBeTruthy();
    expect(within(timeline).queryByText('No replies yet.')).toBeNull();
  });

  it('shows only the line while the ticket has no activity loaded yet', () => {
    render(<Timeline messages={[]} activity={undefined} />);
    expect(lines()).toEqual(['No replies yet.']);
  });
});
