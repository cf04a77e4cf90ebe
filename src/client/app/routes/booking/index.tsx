import { lazy } from 'react';
import { Route } from 'react-router';

// One chunk per page. The payment code (card forms, Stripe.js) is only reachable from the booking
// confirmation page and the service page's booking dialog/step flow, never from other public pages.
const BookingConfirmationPage = lazy(() =>
  import('./booking-confirmation-page').then((m) => ({ default: m.BookingConfirmationPage })),
);
const MyBookingsPage = lazy(() => import('./my-bookings-page').then((m) => ({ default: m.MyBookingsPage })));
const NotificationsPage = lazy(() =>
  import('./notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const SavedServicesPage = lazy(() =>
  import('./saved-services-page').then((m) => ({ default: m.SavedServicesPage })),
);

/**
 * The booking issue's routes, to place inside the AppShell layout route:
 * `<Route element={<AppShell />}>{bookingRoutes} ...</Route>`.
 * /bookings sends visitors to /auth (and back); /saved-services and /notifications show the spec's
 * sign-in messages; /booking-confirmation is public to view, and paying asks the visitor to sign in.
 */
export const bookingRoutes = (
  <>
    <Route path="booking-confirmation" element={<BookingConfirmationPage />} />
    <Route path="bookings" element={<MyBookingsPage />} />
    <Route path="saved-services" element={<SavedServicesPage />} />
    <Route path="notifications" element={<NotificationsPage />} />
  </>
);
