import { Toaster } from 'sonner';

/** The toast area: bottom right, 4 s, close button, at most 3; above the phone's bottom bar. */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      duration={4000}
      closeButton
      visibleToasts={3}
      mobileOffset={{ bottom: 'calc(4.5rem + env(safe-area-inset-bottom))' }}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
