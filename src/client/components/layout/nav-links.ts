/** The categories the header's Services menu lists (spec: header). */
export const MENU_CATEGORIES = [
  { slug: 'home-cleaning', name: 'Home Cleaning' },
  { slug: 'car-detailing', name: 'Car Detailing' },
  { slug: 'astrology', name: 'Astrology' },
  { slug: 'salon-services', name: 'Salon Services' },
] as const;

export const PRIMARY_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/promotions', label: 'Promotions' },
  { to: '/announcements', label: 'Announcements' },
] as const;

export const SECONDARY_LINKS = [
  { to: '/#how-it-works', label: 'How it Works' },
  { to: '/#download-app', label: 'Download App' },
  { to: '/register-professional', label: 'Register as Professional' },
] as const;

export const LOGIN_PATH = '/auth?tab=login';
export const SIGNUP_PATH = '/auth?tab=signup';

function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The phone top bar's title, derived from the path. */
export function titleForPath(pathname: string): string {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  switch (first) {
    case '':
      return 'Trillium';
    case 'services':
      return second ? titleCase(decodeURIComponent(second)) : 'Services';
    case 'provider':
      return 'Provider';
    case 'service':
      return 'Service Details';
    case 'promotions':
      return 'Promotions';
    case 'announcements':
      return 'Announcements';
    case 'how-it-works':
      return 'How it Works';
    case 'terms':
      return 'Terms of Service';
    case 'booking-confirmation':
      return 'Booking';
    case 'auth':
      return 'Login & Signup';
    case 'profile':
      return 'My Profile';
    case 'edit-profile':
      return 'Edit Profile';
    case 'change-password':
      return 'Change Password';
    case 'manage-address':
      return 'Manage Address';
    case 'settings':
      return 'Account Settings';
    case 'unsubscribe':
      return 'Unsubscribe';
    case 'help-support':
      return 'Help & Support';
    case 'test-notifications':
      return 'Test Email';
    case 'bookings':
      return 'My Bookings';
    case 'saved-services':
      return 'Saved Services';
    case 'notifications':
      return 'Notifications';
    case 'register-professional':
      return 'Register as Professional';
    case 'verify-email':
    case 'email-verified':
      return 'Email Verification';
    case 'admin':
      return 'Admin Dashboard';
    case 'partner-dashboard':
      return 'Provider Dashboard';
    default:
      return 'Page Not Found';
  }
}
