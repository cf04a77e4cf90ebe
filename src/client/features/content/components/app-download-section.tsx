import { BellRingIcon } from 'lucide-react';
import { useState } from 'react';
import { AppStoreButtons } from '@/components/layout/app-store-buttons';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';

/** The mobile app promotion: store buttons that only alert, and a waitlist that makes no call. */
export function AppDownloadSection() {
  const [email, setEmail] = useState('');
  return (
    <section id="download-app" aria-labelledby="download-app-title" className="scroll-mt-20 bg-sand/60 py-12">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 md:grid-cols-[1.2fr_1fr] lg:px-6">
        <div>
          <h2 id="download-app-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Trillium in your pocket
          </h2>
          <p className="mt-3 max-w-xl text-muted">
            Book, reschedule and message your pros from your phone. The Trillium app for iPhone and Android is
            on its way: join the waitlist and we’ll let you know the day it lands.
          </p>
          <AppStoreButtons className="mt-6" />
          <form
            className="mt-6 flex max-w-md flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              notify(
                'success',
                'Thanks for joining the waitlist!',
                'We’ll e-mail you as soon as the Trillium app is available.',
              );
              setEmail('');
            }}
          >
            <label htmlFor="waitlist-email" className="sr-only">
              Email address
            </label>
            <Input
              id="waitlist-email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.ca"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" variant="primary">
              <BellRingIcon aria-hidden="true" />
              Notify Me
            </Button>
          </form>
        </div>
        <img
          src="/images/app-phone.svg"
          alt="The Trillium app on a smartphone, showing service cards and a booking button"
          width={480}
          height={640}
          loading="lazy"
          className="mx-auto w-full max-w-xs"
        />
      </div>
    </section>
  );
}
