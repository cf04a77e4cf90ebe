import type { User } from '@shared/contract/auth';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { firstName } from './names';

type Greeted = Pick<User, 'fullName' | 'username'>;

/** The error catalogue of the accounts screens (customer journey, section 8). */
export const authToasts = {
  loginSucceeded: (user: Greeted) =>
    showToast('success', 'Welcome back!', {
      description: `Great to see you again, ${firstName(user)}!`,
      duration: 3000,
    }),
  loginFailed: (error: unknown) =>
    showToast('error', 'Login Failed', {
      description: errorMessage(error, 'Please check your email and password'),
      duration: 4000,
    }),
  registerSucceeded: (user: Greeted) =>
    showToast('success', 'Welcome to Trillium!', {
      description: `Account created successfully! Welcome, ${firstName(user)}!`,
      duration: 3000,
    }),
  registerFailed: (error: unknown) =>
    showToast('error', 'Registration Failed', {
      description: errorMessage(error, 'Please check your information and try again'),
      duration: 4000,
    }),
  logoutSucceeded: () =>
    showToast('success', 'Logged out successfully', {
      description: 'Thanks for using Trillium! See you soon!',
      duration: 2500,
    }),
  logoutFailed: (error: unknown) =>
    showToast('error', 'Logout failed', {
      description: error instanceof Error ? error.message : 'Please try again.',
    }),
};
