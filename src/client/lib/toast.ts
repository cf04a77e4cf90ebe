/**
 * Toasts, with sonner loaded on first need rather than with the first page (it is not needed to
 * paint). The Toaster itself is mounted lazily by AppProviders; both share sonner's module state.
 */
type ToastKind = 'success' | 'error' | 'info';

/** Error toasts still on screen: a success clears them, so no red toast stays beside good news. */
const errorsShown = new Set<string | number>();

export function notify(kind: ToastKind, title: string, description?: string): void {
  void import('sonner').then(({ toast }) => {
    if (kind === 'success') {
      for (const id of errorsShown) toast.dismiss(id);
      errorsShown.clear();
    }
    const id = toast[kind](title, {
      ...(description ? { description } : {}),
      onDismiss: (t) => errorsShown.delete(t.id),
      onAutoClose: (t) => errorsShown.delete(t.id),
    });
    if (kind === 'error') errorsShown.add(id);
  });
}

/** A toast with its own duration (sign-in and account screens). */
export function showToast(
  kind: ToastKind,
  title: string,
  options: { description?: string; duration?: number } = {},
): void {
  void import('sonner').then(({ toast }) => {
    toast[kind](title, options);
  });
}
