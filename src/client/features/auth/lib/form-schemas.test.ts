import { describe, expect, it } from 'vitest';
import { resetPasswordFormSchema, signupModalSchema, signupPageSchema } from './form-schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('sign-up validation (spec messages, docs/product.md §2 and 10)', () => {
  const page = {
    fullName: 'Jane Doe',
    email: 'jane@example.ca',
    password: 'Maple#Syrup9',
    confirmPassword: 'Maple#Syrup9',
  };

  it('accepts a valid sign-up', () => {
    expect(signupPageSchema.safeParse(page).success).toBe(true);
  });
  it('uses the spec messages on /auth', () => {
    expect(messages(signupPageSchema.safeParse({ ...page, fullName: 'Jo' }))).toContain(
      'Full name is required',
    );
    expect(messages(signupPageSchema.safeParse({ ...page, email: 'nope' }))).toContain(
      'Invalid email address',
    );
    expect(messages(signupPageSchema.safeParse({ ...page, confirmPassword: '' }))).toContain(
      'Confirm password is required',
    );
    expect(messages(signupPageSchema.safeParse({ ...page, confirmPassword: 'Other#Pass9' }))).toContain(
      "Passwords don't match",
    );
  });
  it('applies the one password policy: 8 characters, a capital, a special character, not common', () => {
    const withPassword = (password: string) =>
      messages(signupPageSchema.safeParse({ ...page, password, confirmPassword: password }));
    expect(withPassword('Ab#1234')).toContain('Password must be at least 8 characters');
    expect(withPassword('maple#syrup9')).toContain('Password must contain at least 1 capital letter');
    expect(withPassword('MapleSyrup9')).toContain('Password must contain at least 1 special character');
    expect(withPassword('Password1!')).toContain(
      'This password is too common. Please choose a less predictable one.',
    );
  });

  it('in the modal: username and phone optional, terms required', () => {
    const modal = {
      fullName: 'Jane Doe',
      username: '',
      email: 'jane@example.ca',
      phone: '',
      password: 'Maple#Syrup9',
      confirmPassword: 'Maple#Syrup9',
      terms: true,
    };
    expect(signupModalSchema.safeParse(modal).success).toBe(true);
    expect(messages(signupModalSchema.safeParse({ ...modal, terms: false }))).toContain(
      'You must agree to the terms and conditions',
    );
    expect(messages(signupModalSchema.safeParse({ ...modal, username: 'jd' }))).toContain(
      'Username must be at least 3 characters',
    );
    expect(messages(signupModalSchema.safeParse({ ...modal, phone: '12' }))).toContain(
      'Please enter a valid phone number',
    );
  });

  it('reset needs a matching confirmation', () => {
    expect(
      messages(
        resetPasswordFormSchema.safeParse({ password: 'Maple#Syrup9', confirmPassword: 'Maple#Syrup8' }),
      ),
    ).toContain("Passwords don't match");
  });
});
