/**
 * The partnership mails through a real SMTP server: one notice to the team inbox and one acknowledgement to
 * the requester per request, never again on a repeated submit, a replay of the mailers' groups or a rebuild.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAILBOX_CAP, mailboxKey, projectorGroup } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import type { ReceivedMail } from '@evently/mail/testing';
import { PARTNERSHIPS_TOPIC } from '../../contracts/messages.ts';
import { makeRequestForm } from '../../testing/make-request.ts';
import {
  PARTNERS_INBOX,
  partnershipsHarnessPerTest,
  type PartnershipsHarness,
} from '../../testing/partnerships-harness.ts';
import { ACK_MAILER_NAME, TEAM_MAILER_NAME } from './request-mailers.ts';

let h: PartnershipsHarness;
const partnerships = partnershipsHarnessPerTest((started) => {
  h = started;
});

const hostile = makeRequestForm({
  company: 'Evil <b>Corp</b>\r\nBcc: victim@example.com',
  contact_name: 'Click https://phish.example now',
  email: 'target@example.com',
  website: 'https://phish.example/login',
  message: 'Your account is locked, visit https://phish.example',
});

async function submit(form: Record<string, unknown> = makeRequestForm()) {
  const response = await fetch(`${h.url}/api/partnership-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(form),
  });
  expect(response.status).toBe(201);
}

async function settled(): Promise<ReceivedMail[]> {
  await h.runner.drained();
  return [...partnerships.smtp.messages];
}

const to = (mails: ReceivedMail[], address: string) => mails.filter((mail) => mail.envelopeTo.includes(address));

describe('when a request arrives', () => {
  it('mails the team inbox every field, replying to the requester', async () => {
    await submit();
    const [mail, ...others] = to(await settled(), PARTNERS_INBOX);
    expect(others).toHaveLength(0);
    expect(mail!.headers.get('subject')).toBe('New partnership inquiry (Event organizer): Lisbon Live Lda');
    expect(mail!.headers.get('reply-to')).toBe('marta@lisbonlive.example');
    for (const line of [
      'Company: Lisbon Live Lda',
      'Contact: Marta Sousa',
      'Phone: +351 912 345 678',
      'Website: https://lisbonlive.example',
      'We run 40 concerts',
    ]) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toContain('http://evently.test/admin');
  });

  it('acknowledges to the requester with the promise and the company name only', async () => {
    await submit();
    const [mail, ...others] = to(await settled(), 'marta@lisbonlive.example');
    expect(others).toHaveLength(0);
    expect(mail!.headers.get('subject')).toBe('We received your partnership inquiry');
    expect(mail!.text).toContain('for Lisbon Live Lda and will get back to you within 2-3 business days');
    expect(mail!.text).not.toContain('Marta');
    expect(mail!.text).not.toContain('40 concerts');
  });

  it('never echoes attacker-supplied text but the company, flattened and escaped', async () => {
    await submit(hostile);
    const [ack] = to(await settled(), 'target@example.com');
    for (const part of [ack!.text ?? '', ack!.html ?? '', ack!.headers.get('subject') as string]) {
      expect(part).not.toContain('phish');
      expect(part).not.toContain('Click');
    }
    expect(ack!.html).not.toContain('<b>');
    // Plain text shows the name as typed, on one line: no header or paragraph can be smuggled in.
    expect(ack!.text).toContain('for Evil <b>Corp</b> Bcc: victim@example.com and will');
    expect(ack!.html).toContain('Evil &lt;b&gt;Corp&lt;/b&gt; Bcc: victim@example.com');
    expect(ack!.envelopeTo).toEqual(['target@example.com']);
    const [team] = to(await settled(), PARTNERS_INBOX);
    expect(team!.headers.get('subject')).toBe(
      'New partnership inquiry (Event organizer): Evil <b>Corp</b> Bcc: victim@example.com',
    );
    expect(team!.html).not.toContain('<b>Corp');
  });

  it('sends no team mail when no inbox is configured', async () => {
    await partnerships.restart({ partnersInbox: undefined });
    expect(h.module.projectors.map((p) => p.name)).toEqual([ACK_MAILER_NAME]);
    await submit();
    expect((await settled()).map((mail) => mail.envelopeTo)).toEqual([['marta@lisbonlive.example']]);
  });
});

describe('the per-mailbox cap', () => {
  it('acknowledges to one inbox only up to the cap, whatever the spelling of the address; the team hears of every request', async () => {
    const spellings = ['victim@example.com', 'Victim@Example.com', 'victim+1@example.com', 'VICTIM+spam@example.com'];
    for (let i = 0; i < 8; i += 1)
      await submit(makeRequestForm({ company: `Company ${i}`, email: spellings[i % spellings.length]! }));
    const mails = await settled();
    expect(
      mails.filter((mail) => mail.envelopeTo.some((address) => mailboxKey(address) === 'victim@example.com')),
    ).toHaveLength(DEFAULT_MAILBOX_CAP.limit);
    expect(to(mails, PARTNERS_INBOX)).toHaveLength(8);
  });
});

describe('at most once', () => {
  it('a repeated submit of the same form sends nothing more', async () => {
    await submit();
    await settled();
    h.clock.advance(60_000);
    await submit();
    expect(await settled()).toHaveLength(2);
  });

  it('a replay of the mailers from the start of the log sends nothing again', async () => {
    await submit();
    expect(await settled()).toHaveLength(2);
    for (const name of [ACK_MAILER_NAME, TEAM_MAILER_NAME])
      await h.bus.resetGroup(projectorGroup({ name }), [PARTNERSHIPS_TOPIC]);
    expect(await settled()).toHaveLength(2);
    expect(await h.bus.lag(projectorGroup({ name: ACK_MAILER_NAME }), [PARTNERSHIPS_TOPIC])).toEqual({
      [PARTNERSHIPS_TOPIC]: 0,
    });
  });

  it('a rebuild of the read models leaves the mailers alone', async () => {
    await submit();
    await settled();
    await h.runner.rebuild();
    await expect(h.runner.rebuild([ACK_MAILER_NAME])).rejects.toThrow(/side effects/);
    expect(await settled()).toHaveLength(2);
  });

  it('a mail that fails is retried and then sent once', async () => {
    partnerships.smtp.failAfter(0);
    await submit();
    await waitFor(
      () =>
        to(partnerships.smtp.refused, 'marta@lisbonlive.example').length >= 2 &&
        to(partnerships.smtp.refused, PARTNERS_INBOX).length >= 2,
      'both mails refused and tried again',
    );
    expect(partnerships.smtp.messages).toHaveLength(0);
    partnerships.smtp.recover();
    await settled();
    expect(to(partnerships.smtp.messages, 'marta@lisbonlive.example')).toHaveLength(1);
    expect(to(partnerships.smtp.messages, PARTNERS_INBOX)).toHaveLength(1);
  });
});
