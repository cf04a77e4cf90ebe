import { SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';

export function ProviderNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <PageMeta
        title="Provider Not Found"
        description="This service provider could not be found on Trillium."
      />
      <SearchXIcon className="mx-auto size-12 text-primary-300" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-ink">Provider Not Found</h1>
      <p className="mt-2 text-muted">The service provider you're looking for doesn't exist.</p>
      <Button asChild className="mt-6">
        <Link to="/services">Back to Services</Link>
      </Button>
    </div>
  );
}
