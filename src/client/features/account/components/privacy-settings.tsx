import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useExportMyData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Settings, Your Data: download everything Trillium holds, or delete the account (docs/product.md §15). */
export function PrivacySettings() {
  const exportData = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="grid gap-5">
      <div className="grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <div>
          <h3 className="font-semibold text-ink">Download my data</h3>
          <p className="text-sm text-muted">
            One file (JSON) with your profile, address, preferences and consent history, bookings and
            payments, reviews, notifications, saved services, support requests and applications.
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          busy={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => showToast('success', 'Your data is downloaded'),
              onError: (error) =>
                showToast('error', 'Download failed', {
                  description: errorMessage(error, 'Please try again.'),
                }),
            })
          }
        >
          <DownloadIcon aria-hidden="true" />
          {exportData.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
      </div>
      <div className="grid gap-2 border-t border-line pt-5 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <div>
          <h3 className="font-semibold text-ink">Delete my account</h3>
          <p className="text-sm text-muted">
            Cancels your upcoming bookings (you see what you get back first) and erases your personal
            information.
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0 border-danger/40 text-danger hover:border-danger hover:bg-danger-soft"
          onClick={() => setDeleting(true)}
        >
          <Trash2Icon aria-hidden="true" />
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
