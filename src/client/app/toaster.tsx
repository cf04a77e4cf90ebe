import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

const PHONE = '(max-width: 639px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * The toast area: 4 s, close button, at most 3. Bottom right on a desktop; at the top on a phone, where
 * the bottom holds the bar and the dialogs' buttons a toast must never cover.
 */
export function AppToaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      duration={4000}
      closeButton
      visibleToasts={3}
      mobileOffset={{ top: 'calc(0.5rem + env(safe-area-inset-top))' }}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
