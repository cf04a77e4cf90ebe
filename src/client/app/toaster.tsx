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
 * the bottom holds the bar and the dialogs' buttons a toast must never cover. On a phone it starts
 * below the top bar (3.5 rem and its border), so Back, the bell and the menu stay reachable while a
 * toast shows (a "Welcome back!" covered the menu button for as long as a finger rested on it).
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
      mobileOffset={{ top: 'calc(4rem + env(safe-area-inset-top))' }}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
