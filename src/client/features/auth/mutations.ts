/**
 * Signing in and signing up, for lazily loaded code elsewhere (the booking flow's sign-in step): kept
 * out of the feature's index so the first page's JavaScript does not carry them.
 */
export * from './api/login';
export * from './api/register';
