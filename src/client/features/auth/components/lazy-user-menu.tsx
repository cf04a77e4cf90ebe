import { type ComponentProps, lazy, Suspense } from 'react';

const UserMenuImpl = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/**
 * The signed-in header fragment, its code (sign-out mutation, toasts) loaded only for signed-in people,
 * so a visitor's first page stays inside the home page budget.
 */
export function UserMenu(props: ComponentProps<typeof UserMenuImpl>) {
  return (
    <Suspense fallback={<div className="h-11 w-44" aria-hidden="true" />}>
      <UserMenuImpl {...props} />
    </Suspense>
  );
}
