import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';

/** Asks before a destructive action: Keep (closes) or the confirm button, which shows its pending label. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** More to fill in before confirming (a reason, say). */
  children?: ReactNode;
}) {
  const t = useT('ui');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {children}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel ?? t('confirm.keepBooking')}
          </Button>
          <Button className="bg-danger text-white hover:bg-danger/90" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
