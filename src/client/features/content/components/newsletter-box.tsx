import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { useT } from '@/lib/i18n/i18n';

/** Newsletter sign-up: no call yet, it confirms in a toast. */
export function NewsletterBox() {
  const t = useT('content');
  const [email, setEmail] = useState('');
  return (
    <section aria-labelledby="newsletter" className="rounded-(--radius-card) bg-primary-800 p-6 text-white">
      <MailIcon className="size-8 text-accent-300" aria-hidden="true" />
      <h2 id="newsletter" className="mt-3 text-lg font-semibold">
        {t('newsletter.title')}
      </h2>
      <p className="mt-1 text-sm text-primary-100">{t('newsletter.lead')}</p>
      <form
        className="mt-4 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          notify('success', t('newsletter.subscribed'), t('newsletter.thanks'));
          setEmail('');
        }}
      >
        <label htmlFor="newsletter-email" className="sr-only">
          {t('newsletter.email')}
        </label>
        <Input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder={t('newsletter.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="accent">
          {t('newsletter.subscribe')}
        </Button>
      </form>
    </section>
  );
}
