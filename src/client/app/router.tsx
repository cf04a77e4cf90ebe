import { FRENCH_PREFIX, type Locale } from '@shared/i18n/locales';
import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from '@/app/shell/app-shell';
import { HomeRedirect } from '@/features/auth';
import { accountRoutes } from './routes/account';
import { backOfficeRoutes } from './routes/back-office';
import { bookingRoutes } from './routes/booking';

// One chunk per page: each route's code loads when it is first visited.
const HomePage = lazy(() => import('./routes/public/home').then((m) => ({ default: m.HomePage })));
const ServicesPage = lazy(() =>
  import('./routes/public/services').then((m) => ({ default: m.ServicesPage })),
);
const ProviderPage = lazy(() =>
  import('./routes/public/provider').then((m) => ({ default: m.ProviderPage })),
);
const ServicePage = lazy(() => import('./routes/public/service').then((m) => ({ default: m.ServicePage })));
const PromotionsPage = lazy(() =>
  import('./routes/public/promotions').then((m) => ({ default: m.PromotionsPage })),
);
const AnnouncementsPage = lazy(() =>
  import('./routes/public/announcements').then((m) => ({ default: m.AnnouncementsPage })),
);
const HowItWorksPage = lazy(() =>
  import('./routes/public/how-it-works').then((m) => ({ default: m.HowItWorksPage })),
);
const TermsPage = lazy(() => import('./routes/public/terms').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazy(() =>
  import('./routes/public/not-found').then((m) => ({ default: m.NotFoundPage })),
);

/** The route table, shared by the browser's router and the server's pre-render (entry-server.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route
          index
          element={
            <HomeRedirect>
              <HomePage />
            </HomeRedirect>
          }
        />
        <Route path="services" element={<ServicesPage />} />
        <Route path="services/:category" element={<ServicesPage />} />
        <Route path="provider/:id" element={<ProviderPage />} />
        <Route path="service/:id" element={<ServicePage />} />
        <Route path="promotions" element={<PromotionsPage />} />
        <Route path="announcements" element={<AnnouncementsPage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="terms" element={<TermsPage />} />
        {accountRoutes}
        {bookingRoutes}
        {backOfficeRoutes}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** French pages live under `/fr`: the router's paths are the same in both languages. */
export function AppRouter({ locale }: { locale: Locale }) {
  return (
    <BrowserRouter basename={locale === 'fr' ? FRENCH_PREFIX : undefined}>
      <AppRoutes />
    </BrowserRouter>
  );
}
