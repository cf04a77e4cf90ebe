import type { Provider } from '@shared/contract/catalog';
import { HeartIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/session/use-current-user';
import { storeRedirect } from '@/features/auth';
import { cn } from '@/lib/cn';
import { useSavedServices } from '../api/get-saved-services';
import { useToggleSavedService } from '../api/toggle-saved-service';
import { useT } from '@/lib/i18n/i18n';

/**
 * The heart on provider and service cards: saves or forgets the provider (optimistic). Signed-out
 * visitors are sent to /auth and brought back here afterwards.
 */
export function SaveHeartButton({ provider, className }: { provider: Provider; className?: string }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const saved = useSavedServices({ enabled: Boolean(user) });
  const toggle = useToggleSavedService();
  const t = useT('saved');
  const isSaved = Boolean(user) && (saved.data?.some((p) => p.id === provider.id) ?? false);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // The heart often sits inside a card that is itself a link.
    event.preventDefault();
    event.stopPropagation();
    if (!user) {
      storeRedirect(`${location.pathname}${location.search}`);
      navigate('/auth');
      return;
    }
    toggle.mutate({ provider, save: !isSaved });
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isSaved}
      aria-label={t('heart.save', { name: provider.name })}
      title={isSaved ? t('heart.remove') : t('heart.title')}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full bg-surface/90 text-ink shadow-sm ring-1 ring-line backdrop-blur transition-colors hover:bg-surface focus-visible:outline-3 focus-visible:outline-accent-400',
        className,
      )}
    >
      <HeartIcon
        className={cn('size-5', isSaved ? 'fill-danger text-danger' : 'text-ink')}
        aria-hidden="true"
      />
    </button>
  );
}
