import { describe, expect, it } from 'vitest';
import { CONNECTION_ERROR, UNEXPECTED_ERROR, partnershipErrorMessage } from './messages.ts';

describe('partnership form errors (spec 02 §8)', () => {
  it('shows the server error when there is one', () => {
    expect(partnershipErrorMessage({ status: 400, data: { error: 'email: Please enter a valid email address' } })).toBe(
      'email: Please enter a valid email address',
    );
  });

  it('falls back to the generic text for an answer without one', () => {
    expect(partnershipErrorMessage({ status: 500, data: null })).toBe(UNEXPECTED_ERROR);
    expect(partnershipErrorMessage({ status: 502, data: '<html>' })).toBe(UNEXPECTED_ERROR);
  });

  it('says the server could not be reached when nothing answered', () => {
    expect(partnershipErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      CONNECTION_ERROR,
    );
  });
});
