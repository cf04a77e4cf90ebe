import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';

/** Newsletter sign-up: no call yet, it confirms in a toast. */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  return (
    <section aria-labelledby="newsletter" className="rounded-(--radius-card) bg-primary-800 p-6 text-white">
      <MailIcon className="size-8 text-accent-300" aria-hidden="true" />
      <h2 id="newsletter" className="mt-3 text-lg font-semibold">
        Stay in the loop
      </h2>
      <p className="mt-1 text-sm text-primary-100">
        New services, offers and product news, about once a month.
      </p>
      <form
        className="mt-4 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          notify('success', 'You’re subscribed!', 'Thanks for subscribing to Trillium news.');
          setEmail('');
        }}
      >
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <Input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.ca"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="accent">
          Subscribe
        </Button>
      </form>
    </section>
  );
}
