import { describe, expect, it } from 'vitest';
import { renderConfirmation } from './confirmation-content.ts';

const input = {
  appName: 'Evently',
  publicUrl: 'https://evently.example/',
  confirmUrl: 'https://evently.example/api/subscriptions/confirm/tok',
};

describe('renderConfirmation', () => {
  it('has no place for text the requester typed', () => {
    // @ts-expect-error -- the input type has no name (nor city, nor country): a stranger could type anything there
    renderConfirmation({ ...input, name: 'Visit evil.example' });
    // @ts-expect-error -- see above
    renderConfirmation({ ...input, city: 'Visit evil.example' });
  });

  it('is our own words and the link, nothing else', () => {
    const mail = renderConfirmation(input);
    expect(mail.subject).toBe('Confirm your Evently weekly digest subscription');
    expect(mail.text).toBe(
      [
        'Hi,',
        '',
        'Someone, hopefully you, asked for the weekly Evently events digest to be sent to this address: the best upcoming events near the city they chose, once a week.',
        '',
        'To start receiving it, open the link and press Confirm on the page it opens:',
        'https://evently.example/api/subscriptions/confirm/tok',
        '',
        'The link works for 7 days.',
        'If this was not you, ignore this e-mail: without confirmation you will not hear from us again.',
        '',
        '--',
        'Evently - https://evently.example/',
        '',
      ].join('\n'),
    );
  });

  it('puts the link behind a button and in plain sight, in the shared 600 px frame', () => {
    const mail = renderConfirmation(input);
    expect(mail.html).toContain(
      'href="https://evently.example/api/subscriptions/confirm/tok" target="_blank" style="display:inline-block',
    );
    expect(mail.html).toContain('>Open the confirmation page</a>');
    expect(mail.html).toContain('>https://evently.example/api/subscriptions/confirm/tok</a>');
    expect(mail.html).toContain('max-width:600px');
    // Every visible sentence of the HTML part is one of ours (tags, hidden preheader filler and styles removed)
    const visible = mail.html
      .replace(/<style>[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>|<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#8199;|&#65279;|&#847;|&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    expect(visible).toBe(
      [
        'Open the link and press Confirm to start getting the weekly events digest.',
        'Evently Weekly digest One more step: confirm',
        'Someone, hopefully you, asked for the weekly Evently events digest to be sent to this address: the best upcoming events near the city they chose, once a week.',
        'To start receiving it, open the link and press Confirm on the page it opens: Open the confirmation page',
        'The link works for 7 days. If the button does not work, paste this address into your browser: https://evently.example/api/subscriptions/confirm/tok',
        'If this was not you, ignore this e-mail: without confirmation you will not hear from us again.',
        'You got this e-mail because this address was entered on Evently . No confirmation, no mail.',
      ].join(' '),
    );
  });
});
