import type { Provider } from '@shared/contract/catalog';
import { chargesHstOnService } from '@shared/domain/price-lines';
import { CalendarCheckIcon, ShieldCheckIcon } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { useCurrentUser } from '@/features/auth';
import { consumeRedirectAfterLogin, LazyBookingDialog, LazyBookingStepFlow } from '@/features/bookings';
import { serviceOptions } from '../lib/service-options';
import { useFormat, useT } from '@/lib/i18n/i18n';

const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * Phone or desktop by the viewport's width (docs/product.md §14), following resizes. The server's
 * pre-render (and the hydration of it) says desktop; a phone then switches right after hydrating, so
 * the page the server sent is hydrated as it is rather than re-rendered.
 */
function useIsDesktop() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(DESKTOP_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  );
}

/**
 * Choose a service, then book it: a dialog on desktop, an inline step flow on phones (date and time,
 * details, card payment, confirmation), both with the server's slots. A visitor asked to sign in comes
 * back here with the booking reopened.
 */
export function BookServicePanel({ provider }: { provider: Provider }) {
  const t = useT('listing');
  const format = useFormat();
  const options = serviceOptions(provider);
  // Start on the cheapest, the "from" price the listing showed.
  const cheapest = options.reduce<(typeof options)[number] | undefined>(
    (best, option) => (!best || option.price < best.price ? option : best),
    undefined,
  );
  const [selected, setSelected] = useState(cheapest?.key ?? '');
  const selectId = useId();
  const service = options.find((option) => option.key === selected) ?? options[0];
  const isDesktop = useIsDesktop();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [reopen, setReopen] = useState(false);
  useEffect(() => {
    if (user && consumeRedirectAfterLogin(pathname)) {
      if (window.matchMedia(DESKTOP_QUERY).matches) setDialogOpen(true);
      else setReopen(true);
    }
  }, [user, pathname]);

  return (
    <section
      aria-labelledby="book-this-service"
      className="rounded-(--radius-card) border border-line bg-surface p-5 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id="book-this-service" className="text-lg font-semibold text-ink">
        {t('book.title')}
      </h2>
      <div className="mt-4 grid gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold text-ink">
          {t('book.service')}
        </label>
        <NativeSelect id={selectId} value={selected} onChange={(event) => setSelected(event.target.value)}>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.name} ({format.dollars(option.allInPrice)})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="mt-4 flex items-baseline justify-between border-t border-line pt-4">
        <span className="text-sm text-muted">{t('book.price')}</span>
        <span className="text-2xl font-bold text-ink">
          {service ? format.dollars(service.allInPrice) : '—'}
        </span>
      </div>
      <p className="mt-1 text-right text-xs text-muted">
        {chargesHstOnService(provider) ? t('book.includesWithHst') : t('book.includes')}
      </p>
      {isDesktop ? (
        <>
          <Button
            variant="accent"
            size="lg"
            className="mt-4 w-full"
            disabled={!service}
            onClick={() => setDialogOpen(true)}
          >
            <CalendarCheckIcon aria-hidden="true" />
            {t('book.title')}
          </Button>
          <LazyBookingDialog
            provider={provider}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            initialServiceKey={service?.key}
          />
        </>
      ) : (
        <div className="mt-4">
          <LazyBookingStepFlow
            key={`${String(reopen)}-${service?.key ?? ''}`}
            provider={provider}
            initialServiceKey={service?.key}
            startOpen={reopen}
          />
        </div>
      )}
      <p className="mt-3 flex items-center gap-2 text-xs text-muted">
        <ShieldCheckIcon className="size-4 text-primary-700" aria-hidden="true" />
        {t('book.secure')}
      </p>
    </section>
  );
}
