/**
 * Toasts, with sonner loaded on first need rather than with the first page (it is not needed to
 * paint). The Toaster itself is mounted lazily by AppProviders on the first toast; both share sonner's
 * module state.
 */
type ToastKind = 'success' | 'error' | 'info';
type ToastOptions = { description?: string; duration?: number };

/**
 * Error toasts still on screen: a success clears them, so no red toast stays beside good news
 * ("Login Failed" is gone once "Welcome back!" shows). Every toast goes through `show`, so no error
 * toast escapes this bookkeeping.
 */
const errorsShown = new Set<string | number>();

/** sonner, imported once: every toast waits on the same promise, so they show in call order. */
let sonner: Promise<typeof import('sonner')> | undefined;

/**
 * Whether a toast was ever asked for on this page: the Toaster (sonner and its stylesheet) is mounted
 * from then on, not with every page, since inserting its styles made the browser restyle the page while
 * it hydrated. sonner replays the toasts that are still active when its Toaster subscribes.
 */
let asks = 0;
const askedListeners = new Set<() => void>();
export function subscribeToastAsked(listener: () => void): () => void {
  askedListeners.add(listener);
  return () => askedListeners.delete(listener);
}
/** How many toasts were asked for on this page (0: the Toaster is not mounted yet). */
export const toastAsks = () => asks;

function show(kind: ToastKind, title: string, options: ToastOptions): void {
  asks++;
  for (const listener of askedListeners) listener();
  // A failed load (offline) is forgotten, so the next toast tries again.
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  sonner
    .then(({ toast }) => {
      if (kind === 'success') {
        for (const id of errorsShown) toast.dismiss(id);
        errorsShown.clear();
      }
      const id = toast[kind](title, {
        ...options,
        onDismiss: (t) => errorsShown.delete(t.id),
        onAutoClose: (t) => errorsShown.delete(t.id),
      });
      if (kind === 'error') errorsShown.add(id);
    })
    // Offline at the first toast: it is lost, and what it said is on the screen that raised it.
    .catch(() => undefined);
}

export function notify(kind: ToastKind, title: string, description?: string): void {
  show(kind, title, description ? { description } : {});
}

/** A toast with its own duration (sign-in and account screens). */
export function showToast(kind: ToastKind, title: string, options: ToastOptions = {}): void {
  show(kind, title, options);
}
