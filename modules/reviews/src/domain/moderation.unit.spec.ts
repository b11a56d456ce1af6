import { describe, expect, it } from 'vitest';
import { ALREADY_APPROVED, ALREADY_REJECTED, decideApprove, decideReject } from './moderation.ts';

describe('moderation rules', () => {
  it('given a pending review, approve makes it approved and clears admin notes', () => {
    expect(decideApprove({ status: 'pending' })).toEqual({
      kind: 'change',
      from: 'pending',
      patch: { status: 'approved', admin_notes: null },
    });
  });

  it('given a rejected review, approve changes the decision', () => {
    expect(decideApprove({ status: 'rejected' })).toMatchObject({ kind: 'change', from: 'rejected' });
  });

  it('given an approved review, approve is refused', () => {
    expect(decideApprove({ status: 'approved' })).toEqual({ kind: 'refused', reason: ALREADY_APPROVED });
  });

  it('given a pending or approved review, reject keeps the reason as admin notes', () => {
    expect(decideReject({ status: 'pending' }, 'Spam')).toEqual({
      kind: 'change',
      from: 'pending',
      patch: { status: 'rejected', admin_notes: 'Spam' },
    });
    expect(decideReject({ status: 'approved' }, null)).toEqual({
      kind: 'change',
      from: 'approved',
      patch: { status: 'rejected', admin_notes: null },
    });
  });

  it('given a rejected review, reject is refused', () => {
    expect(decideReject({ status: 'rejected' }, 'again')).toEqual({ kind: 'refused', reason: ALREADY_REJECTED });
  });
});
