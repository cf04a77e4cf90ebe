import { describe, expect, it } from 'vitest';
import { displayName, firstName, initials } from './names';

describe('firstName (greeting toasts)', () => {
  it('takes the first word of the full name', () => {
    expect(firstName({ fullName: 'Jane Doe', username: 'jdoe' })).toBe('Jane');
    expect(firstName({ fullName: '  Marie-Ève   Tremblay ', username: 'met' })).toBe('Marie-Ève');
  });
  it('falls back to the username when the full name is empty', () => {
    expect(firstName({ fullName: '   ', username: 'jdoe' })).toBe('jdoe');
    expect(firstName({ fullName: null, username: 'sam.k' })).toBe('sam.k');
  });
  it('never greets nobody', () => {
    expect(firstName({ fullName: '', username: '' })).toBe('there');
    expect(firstName(null)).toBe('there');
  });
});

describe('displayName and initials (profile)', () => {
  it('shows the full name, else the username', () => {
    expect(displayName({ fullName: 'Jane Doe', username: 'jdoe' })).toBe('Jane Doe');
    expect(displayName({ fullName: '', username: 'jdoe' })).toBe('jdoe');
  });
  it('uses the first and last initials, upper case', () => {
    expect(initials({ fullName: 'jane q. doe', username: 'x' })).toBe('JD');
    expect(initials({ fullName: 'Cher', username: 'x' })).toBe('C');
    expect(initials({ fullName: '', username: 'sam.khan' })).toBe('SK');
    expect(initials({ fullName: '', username: '' })).toBe('?');
  });
});
