import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './seed.ts';

describe('parseSeedArgs', () => {
  it('reads --events N', () => {
    expect(parseSeedArgs(['--events', '10000'])).toEqual({ events: 10000 });
  });

  it('means the demo catalogue without --events', () => {
    expect(parseSeedArgs([])).toEqual({ events: undefined });
  });

  it.each([[['--events']], [['--events', 'many']], [['--events', '0']], [['--events', '2.5']]])(
    'rejects %j',
    (args) => {
      expect(() => parseSeedArgs(args)).toThrow('--events needs a whole number');
    },
  );
});
