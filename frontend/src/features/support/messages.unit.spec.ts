import { describe, expect, it } from 'vitest';
import { createErrorMessage, lookupErrorMessage } from './messages.ts';

const network = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

describe('support error texts (spec 02 §8)', () => {
  it("create: the server's error, else the fallback, and a network failure", () => {
    expect(createErrorMessage({ status: 400, data: { error: 'Email Address is required' } })).toBe(
      'Email Address is required',
    );
    expect(createErrorMessage({ status: 500, data: null })).toBe('Error creating support ticket');
    expect(createErrorMessage(network)).toBe('Network error. Please try again.');
  });

  it("lookup: the server's error, else 'Ticket not found', and 'Error searching for ticket' otherwise", () => {
    expect(lookupErrorMessage({ status: 429, data: { error: 'Too many lookups' } })).toBe('Too many lookups');
    expect(lookupErrorMessage({ status: 404, data: null })).toBe('Ticket not found');
    expect(lookupErrorMessage({ status: 500, data: null })).toBe('Error searching for ticket');
    expect(lookupErrorMessage(network)).toBe('Error searching for ticket');
  });
});
