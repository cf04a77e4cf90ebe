import { lazy, Suspense } from 'react';
import type { AuthModalProps } from './auth-modal';

const AuthModalImpl = lazy(() => import('./auth-modal').then((m) => ({ default: m.AuthModal })));

/**
 * The header's login / sign-up modal, its code (forms, validation, Radix Dialog and Tabs) loaded on
 * first open. Mount it once it has been requested and keep it mounted so it can animate closed.
 */
export function AuthModal(props: AuthModalProps) {
  return (
    <Suspense fallback={null}>
      <AuthModalImpl {...props} />
    </Suspense>
  );
}
