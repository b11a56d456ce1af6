import { describe, expect, it } from 'vitest';
import { renderConfirmation, renderTeamNotice, renderUpdate, trackingUrl } from './ticket-mail.ts';

const link = trackingUrl('https://evently.test/', 'TT-2026-0001', 'tok_en-1');

describe('support mails', () => {
  it('track through a link with the number and token that opens the Track Ticket tab', () => {
    expect(link).toBe('https://evently.test/support?ticket=TT-2026-0001&token=tok_en-1#search');
  });

  it('escape what people typed in the HTML part and keep it out of the Subject', () => {
    const mail = renderConfirmation({
      appName: 'Evently',
      ticketNumber: 'TT-2026-0001',
      subject: '<script>x</script>\r\nBcc: evil@example.com',
      userName: 'Ana <b>',
      trackingUrl: link,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Ana &lt;b&gt;');
    expect(mail.subject).toBe('[TT-2026-0001] We received your request');
    expect(mail.text).toContain('Subject: <script>x</script>');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="https://evently.test/support?ticket=TT-2026-0001&amp;token=tok_en-1#search"');
  });

  it('for the team, carry the details and the admin link', () => {
    const mail = renderTeamNotice({
      appName: 'Evently',
      ticketNumber: 'TT-2026-0002',
      subject: 'Refund',
      description: 'Line one\n\nLine <two>',
      category: 'refunds',
      priority: 'high',
      userName: 'Ana',
      userEmail: 'ana@example.com',
      userPhone: null,
      pageUrl: 'https://evently.test/event/1',
      browserInfo: { userAgent: 'Firefox', language: 'en', platform: null, screenResolution: null },
      adminUrl: 'https://evently.test/admin',
    });
    expect(mail.subject).toBe('[TT-2026-0002] New high ticket: Refunds & exchanges');
    expect(mail.text).toContain('Subject: Refund');
    expect(mail.text).toContain('From: Ana <ana@example.com>');
    expect(mail.text).toContain('Category: Refunds & exchanges');
    expect(mail.text).toContain('Browser: Firefox · en');
    expect(mail.text).toContain('https://evently.test/admin');
    expect(mail.html).toContain('Line &lt;two&gt;');
  });

  it('for an update, say the new status and quote the reply in one mail', () => {
    const mail = renderUpdate({
      appName: 'Evently',
      ticketNumber: 'TT-2026-0003',
      subject: 'Date',
      userName: 'Ana',
      newStatus: 'Resolved',
      reply: { senderName: 'Evently Support', message: 'Fixed it.' },
      trackingUrl: link,
    });
    expect(mail.subject).toBe('[TT-2026-0003] Status: Resolved (new reply)');
    expect(mail.text).toContain('is now: Resolved.');
    expect(mail.text).toContain('Evently Support wrote:\n\nFixed it.');
    expect(mail.text).toContain(link);
  });

  it('for a reply without a status change, say there is a new reply', () => {
    const mail = renderUpdate({
      appName: 'Evently',
      ticketNumber: 'TT-2026-0003',
      subject: 'Date',
      userName: 'Ana',
      newStatus: null,
      reply: { senderName: 'Rui', message: 'Which city?' },
      trackingUrl: link,
    });
    expect(mail.subject).toBe('[TT-2026-0003] New reply');
    expect(mail.text).toContain('Subject: Date');
    expect(mail.text).toContain('There is a new reply on your ticket TT-2026-0003.');
  });
});
