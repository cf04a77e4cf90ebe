import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireAdmin, RequireAuth } from '@/features/auth';

// One chunk per page, loaded on first visit: no back-office code on public pages.
const RegisterProfessionalPage = lazy(() =>
  import('./register-professional-page').then((m) => ({ default: m.RegisterProfessionalPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const AdminPage = lazy(() => import('./admin-page').then((m) => ({ default: m.AdminPage })));
const PartnerDashboardPage = lazy(() =>
  import('./partner-dashboard-page').then((m) => ({ default: m.PartnerDashboardPage })),
);

/**
 * Professional registration, e-mail verification and the admin and partner dashboards, to place inside
 * the shell's layout route. /register-professional and the verification pages are public; /admin is
 * for admins (others go to /); /partner-dashboard is signed-in, then decided by the partner-status check.
 */
export const backOfficeRoutes = (
  <>
    <Route path="register-professional" element={<RegisterProfessionalPage />} />
    <Route path="verify-email" element={<VerifyEmailPage />} />
    <Route path="email-verified" element={<VerifyEmailPage />} />
    <Route
      path="admin"
      element={
        <RequireAdmin>
          <AdminPage />
        </RequireAdmin>
      }
    />
    <Route
      path="partner-dashboard"
      element={
        <RequireAuth>
          <PartnerDashboardPage />
        </RequireAuth>
      }
    />
  </>
);
