import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useT } from '@/lib/i18n/i18n';

/**
 * "Cancel this booking?" from the back office (admin or partner): what happens, an optional reason that
 * the customer's e-mail quotes, then Keep Booking or Cancel Booking. The reason is cleared on closing.
 */
export function CancelWithReasonDialog({
  open,
  onOpenChange,
  description,
  placeholder,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  placeholder: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
}) {
  const t = useT('backoffice');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  useEffect(() => {
    if (!open) setReason('');
  }, [open]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title')}
      description={description}
      confirmLabel={t('cancel.confirm')}
      pendingLabel={t('cancel.pending')}
      pending={pending}
      onConfirm={() => onConfirm(reason)}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={reasonId}>{t('cancel.reason')}</Label>
        <Textarea
          id={reasonId}
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          placeholder={placeholder}
        />
      </div>
    </ConfirmDialog>
  );
}
