import { AppError } from '../../errors';

export const authErrors = {
  invalidCredentials: () => new AppError(401, 'auth.invalid_credentials', 'Invalid email or password.'),
  emailTaken: () =>
    new AppError(
      409,
      'auth.email_taken',
      'This email is already registered. Please sign in or use a different email.',
    ),
  usernameTaken: () =>
    new AppError(409, 'auth.username_taken', 'This username is taken. Please choose another.'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'auth.too_many_attempts',
      `Too many sign-in attempts. Please wait ${Math.ceil(retryAfterSeconds / 60)} minutes and try again.`,
      { 'retry-after': String(retryAfterSeconds) },
      { values: { minutes: Math.ceil(retryAfterSeconds / 60) } },
    ),
  invalidResetLink: () =>
    new AppError(
      400,
      'auth.invalid_reset_link',
      'Invalid or expired reset link. Please request a new password reset.',
    ),
  wrongCurrentPassword: () =>
    new AppError(400, 'auth.wrong_current_password', 'Your current password is not correct.'),
  signInRequired: () => new AppError(401, 'auth.required', 'Please sign in to continue.'),
  forbidden: () => new AppError(403, 'auth.forbidden', 'You do not have access to this.'),
  foreignOrigin: () =>
    new AppError(403, 'auth.foreign_origin', 'This request did not come from Trillium and was refused.'),
};
