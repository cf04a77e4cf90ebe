/**
 * Toasts, with sonner loaded on first need rather than with the first page (it is not needed to
 * paint). The Toaster itself is mounted lazily by AppProviders; both share sonner's module state.
 */
type ToastKind = 'success' | 'error' | 'info';

export function notify(kind: ToastKind, title: string, description?: string): void {
  void import('sonner').then(({ toast }) => {
    toast[kind](title, description ? { description } : undefined);
  });
}
