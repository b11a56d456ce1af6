import { describe, expect, it } from 'vitest';
import { adminListQuerySchema, statusUpdateSchema } from './admin.ts';
import { createTicketSchema } from './create-ticket.ts';
import { postMessageSchema } from './post-message.ts';

const validTicket = {
  user_name: 'Ana',
  user_email: 'ana@example.com',
  subject: 'Refund',
  description: 'Who do I ask?',
};

/** The first problem as the HTTP edge reports it: "field: message". */
function firstError(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}): string {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
}

describe('the ticket form', () => {
  it('fills the defaults: general category, medium priority, no phone, page or browser', () => {
    expect(createTicketSchema.parse(validTicket)).toMatchObject({
      category: 'general',
      priority: 'medium',
      user_phone: null,
      page_url: null,
      browser_info: null,
    });
  });

  it('trims text and accepts every optional field', () => {
    const parsed = createTicketSchema.parse({
      ...validTicket,
      user_name: '  Ana  ',
      user_phone: ' +351 1 ',
      category: 'refunds',
      priority: 'urgent',
      page_url: 'https://evently.test/event/1',
      browser_info: { userAgent: 'UA', language: 'en', platform: 'Mac', screenResolution: '1x1', extra: 'dropped' },
    });
    expect(parsed).toMatchObject({ user_name: 'Ana', user_phone: '+351 1', category: 'refunds', priority: 'urgent' });
    expect(parsed.browser_info).toEqual({ userAgent: 'UA', language: 'en', platform: 'Mac', screenResolution: '1x1' });
  });

  it.each([
    [{ user_name: undefined }, 'user_name: Your Name is required'],
    [{ user_name: '   ' }, 'user_name: Your Name is required'],
    [{ user_email: undefined }, 'user_email: Email Address is required'],
    [{ user_email: 'ana@example' }, 'user_email: Please enter a valid email address'],
    [{ subject: '' }, 'subject: Subject is required'],
    [{ description: undefined }, 'description: Description is required'],
    [{ category: 'lottery' }, 'category: Unknown category'],
    [{ priority: 'critical' }, 'priority: Unknown priority; use one of low, medium, high, urgent'],
    [{ user_name: 'x'.repeat(121) }, 'user_name: Your Name must be at most 120 characters'],
    [{ user_email: `${'a'.repeat(250)}@b.co` }, 'user_email: Email Address must be at most 254 characters'],
    [{ user_phone: '1'.repeat(41) }, 'user_phone: Phone must be at most 40 characters'],
    [{ subject: 's'.repeat(201) }, 'subject: Subject must be at most 200 characters'],
    [{ description: 'd'.repeat(5001) }, 'description: Description must be at most 5000 characters'],
    [{ page_url: 'javascript:alert(1)' }, 'page_url: must be an http(s) address'],
    [{ page_url: `https://e.test/${'p'.repeat(2048)}` }, 'page_url: page_url must be at most 2048 characters'],
    [{ browser_info: 'Firefox' }, 'browser_info: browser_info must be an object'],
    [
      { browser_info: { userAgent: 'u'.repeat(301) } },
      'browser_info.userAgent: userAgent must be at most 300 characters',
    ],
  ])('refuses %j with "%s"', (change, expected) => {
    expect(firstError(createTicketSchema.safeParse({ ...validTicket, ...change }))).toBe(expected);
  });
});

describe('the status change', () => {
  it.each(['in_progress', 'waiting_for_user', 'resolved', 'closed'])('accepts %s', (status) => {
    expect(statusUpdateSchema.parse({ status }).status).toBe(status);
  });

  it('refuses new and unknown statuses, naming the field', () => {
    expect(firstError(statusUpdateSchema.safeParse({ status: 'new' }))).toMatch(
      /^status: A ticket cannot be set back to new/,
    );
    expect(firstError(statusUpdateSchema.safeParse({ status: 'done' }))).toMatch(/^status: Unknown status/);
    expect(firstError(statusUpdateSchema.safeParse({}))).toMatch(/^status: Unknown status/);
  });

  it('treats a blank admin message as none', () => {
    expect(statusUpdateSchema.parse({ status: 'resolved', admin_message: '   ' }).admin_message).toBeNull();
  });
});

describe('a reply', () => {
  it.each([{}, { message: '' }, { message: ' \n\t ' }])('refuses a blank one: %j', (body) => {
    expect(firstError(postMessageSchema.safeParse(body))).toMatch(/^message: /);
  });

  it('is a visitor message unless is_admin is exactly true', () => {
    expect(postMessageSchema.parse({ message: 'hi' }).is_admin).toBe(false);
    expect(firstError(postMessageSchema.safeParse({ message: 'hi', is_admin: 'yes' }))).toMatch(/^is_admin: /);
  });

  it('caps the length at 5000', () => {
    expect(firstError(postMessageSchema.safeParse({ message: 'm'.repeat(5001) }))).toBe(
      'message: message must be at most 5000 characters',
    );
  });
});

describe('the admin list query', () => {
  it('reads all or blank as no status filter', () => {
    expect(adminListQuerySchema.parse({ status: 'all' }).status).toBeUndefined();
    expect(adminListQuerySchema.parse({ status: '' }).status).toBeUndefined();
    expect(adminListQuerySchema.parse({ status: 'resolved', search: ' Refund ' })).toEqual({
      status: 'resolved',
      search: 'Refund',
      assignee: 'all',
      sort: 'newest',
    });
  });

  it('refuses an unknown status', () => {
    expect(firstError(adminListQuerySchema.safeParse({ status: 'open' }))).toMatch(/^status: Unknown status/);
  });
});
