import { BellRingIcon } from 'lucide-react';
import { useState } from 'react';
import { AppStoreButtons } from '@/components/layout/app-store-buttons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { useT } from '@/lib/i18n/i18n';

/** The mobile app promotion: store buttons that only alert, and a waitlist that makes no call. */
export function AppDownloadSection() {
  const t = useT('catalog');
  const [email, setEmail] = useState('');
  return (
    <section id="download-app" aria-labelledby="download-app-title" className="scroll-mt-20 bg-sand/60 py-12">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 md:grid-cols-[1.2fr_1fr] lg:px-6">
        <div>
          <h2 id="download-app-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {t('app.title')}
          </h2>
          <p className="mt-3 max-w-xl text-muted">{t('app.lead')}</p>
          <AppStoreButtons className="mt-6" />
          <form
            className="mt-6 flex max-w-md flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              notify('success', t('app.joined'), t('app.joinedDetail'));
              setEmail('');
            }}
          >
            <label htmlFor="waitlist-email" className="sr-only">
              {t('app.email')}
            </label>
            <Input
              id="waitlist-email"
              type="email"
              required
              autoComplete="email"
              placeholder={t('app.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" variant="primary">
              <BellRingIcon aria-hidden="true" />
              {t('app.notify')}
            </Button>
          </form>
        </div>
        <img
          src="/images/app-phone.svg"
          alt={t('app.imageAlt')}
          width={480}
          height={640}
          loading="lazy"
          className="mx-auto w-full max-w-xs"
        />
      </div>
    </section>
  );
}
