import { describe, expect, it } from 'vitest';
import { isPersonalQuery } from './logout';

describe('what sign-out drops from the cache', () => {
  it('drops personal data and keeps the public catalogue', () => {
    expect(isPersonalQuery(['/api/user/preferences'])).toBe(true);
    expect(isPersonalQuery(['/api/bookings'])).toBe(true);
    expect(isPersonalQuery(['/api/categories'])).toBe(false);
    expect(isPersonalQuery(['/api/providers', 'featured'])).toBe(false);
    expect(isPersonalQuery(['/api/user'])).toBe(false);
  });
});
