import type { Provider } from '@shared/contract/catalog';
import { lazy, Suspense } from 'react';

// The heart's code (saved-services queries and mutations) loads after the card itself: it never weighs on
// the first paint of the home page or the listing.
const SaveHeartButton = lazy(() =>
  import('./save-heart-button').then((m) => ({ default: m.SaveHeartButton })),
);

export function LazySaveHeart({ provider, className }: { provider: Provider; className?: string }) {
  return (
    <Suspense fallback={<span className={`inline-block size-11 ${className ?? ''}`} aria-hidden="true" />}>
      <SaveHeartButton provider={provider} className={className} />
    </Suspense>
  );
}
