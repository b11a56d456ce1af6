import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import { createAdminAuth } from './admin-auth.ts';

describe('createAdminAuth.verify', () => {
  const auth = createAdminAuth({ password: 'correct horse battery', logger: silentLogger() });

  it('accepts the configured password', async () => {
    expect(await auth.verify('correct horse battery')).toBe(true);
  });

  it.each(['', 'correct horse', 'correct horse battery ', 'CORRECT HORSE BATTERY'])('rejects %j', async (candidate) => {
    expect(await auth.verify(candidate)).toBe(false);
  });
});
