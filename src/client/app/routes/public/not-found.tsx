import { CompassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta title="404 Page Not Found" description="The page you were looking for is not on Trillium." />
      <CompassIcon className="mx-auto size-14 text-primary-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">404 Page Not Found</h1>
      <p className="mt-3 text-muted">
        The page you’re looking for has moved or never existed. Let’s get you back on track.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Go to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/services">Browse Services</Link>
        </Button>
      </div>
    </div>
  );
}
