import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAdmin, RequireAuth } from '@/features/auth';

// One chunk per page, loaded on first visit: no account code on public pages.
const AuthPage = lazy(() => import('../auth/auth-page').then((m) => ({ default: m.AuthPage })));
const ProfilePage = lazy(() => import('./profile').then((m) => ({ default: m.ProfilePage })));
const EditProfilePage = lazy(() => import('./edit-profile').then((m) => ({ default: m.EditProfilePage })));
const ChangePasswordPage = lazy(() =>
  import('./change-password').then((m) => ({ default: m.ChangePasswordPage })),
);
const ManageAddressPage = lazy(() =>
  import('./manage-address').then((m) => ({ default: m.ManageAddressPage })),
);
const ConfirmEmailChangePage = lazy(() =>
  import('./email-change').then((m) => ({ default: m.ConfirmEmailChangePage })),
);
const RevertEmailChangePage = lazy(() =>
  import('./email-change').then((m) => ({ default: m.RevertEmailChangePage })),
);
const UnsubscribePage = lazy(() => import('./unsubscribe').then((m) => ({ default: m.UnsubscribePage })));
const SettingsPage = lazy(() => import('./settings').then((m) => ({ default: m.SettingsPage })));
const HelpSupportPage = lazy(() => import('./help-support').then((m) => ({ default: m.HelpSupportPage })));
const TestNotificationsPage = lazy(() =>
  import('./test-notifications').then((m) => ({ default: m.TestNotificationsPage })),
);

/**
 * The accounts routes (including the public /auth page), to place inside the shell's layout route: `<Route element={<AppShell />}>{accountRoutes}`.
 * /auth is public; the account pages are signed-in only; /test-notifications is for admins (docs/product.md §12).
 */
export const accountRoutes = (
  <>
    <Route path="auth" element={<AuthPage />} />
    {/* The links of an e-mail change work signed in or not: the token is the credential. */}
    <Route path="account/email-change/confirm" element={<ConfirmEmailChangePage />} />
    <Route path="account/email-change/revert" element={<RevertEmailChangePage />} />
    {/* A promotional e-mail's one-click unsubscribe: signed out too, the signed token is the credential. */}
    <Route path="unsubscribe" element={<UnsubscribePage />} />
    <Route
      path="profile"
      element={
        <RequireAuth>
          <ProfilePage />
        </RequireAuth>
      }
    />
    <Route
      path="edit-profile"
      element={
        <RequireAuth>
          <EditProfilePage />
        </RequireAuth>
      }
    />
    <Route
      path="change-password"
      element={
        <RequireAuth>
          <ChangePasswordPage />
        </RequireAuth>
      }
    />
    <Route
      path="manage-address"
      element={
        <RequireAuth>
          <ManageAddressPage />
        </RequireAuth>
      }
    />
    <Route
      path="settings"
      element={
        <RequireAuth>
          <SettingsPage />
        </RequireAuth>
      }
    />
    <Route
      path="help-support"
      element={
        <RequireAuth>
          <HelpSupportPage />
        </RequireAuth>
      }
    />
    <Route
      path="test-notifications"
      element={
        <RequireAdmin>
          <TestNotificationsPage />
        </RequireAdmin>
      }
    />
  </>
);
