import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useExportMyData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useT } from '@/lib/i18n/i18n';

/** Settings, Your Data: download everything Trillium holds, or delete the account (docs/product.md §15). */
export function PrivacySettings() {
  const exportData = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  const t = useT('account');
  return (
    <div className="grid gap-5">
      <div className="grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <div>
          <h3 className="font-semibold text-ink">{t('privacy.download')}</h3>
          <p className="text-sm text-muted">{t('privacy.downloadHint')}</p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          busy={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => showToast('success', t('privacy.downloaded')),
              onError: (error) =>
                showToast('error', t('privacy.downloadFailed'), {
                  description: errorMessage(error, t('common.tryAgain')),
                }),
            })
          }
        >
          <DownloadIcon aria-hidden="true" />
          {exportData.isPending ? t('privacy.preparing') : t('privacy.download')}
        </Button>
      </div>
      <div className="grid gap-2 border-t border-line pt-5 sm:flex sm:items-center sm:justify-between sm:gap-4">
        <div>
          <h3 className="font-semibold text-ink">{t('privacy.delete')}</h3>
          <p className="text-sm text-muted">{t('privacy.deleteHint')}</p>
        </div>
        <Button
          variant="outline"
          className="shrink-0 border-danger/40 text-danger hover:border-danger hover:bg-danger-soft"
          onClick={() => setDeleting(true)}
        >
          <Trash2Icon aria-hidden="true" />
          {t('privacy.delete')}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
