import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteAccountBody, deleteAccountBodySchema } from '@shared/contract/privacy';
import { TriangleAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDeleteAccount, useDeletionPreview } from '../api/delete-account';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { RichText } from '@/lib/i18n/rich-text';

/**
 * Delete my account (docs/product.md §15): what will be cancelled and given back, what is erased and
 * what is kept, then the password. On success the person is signed out here, taken home and told.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = useDeletionPreview(open);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const t = useT('account');
  const format = useFormat();
  const form = useForm<DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { currentPassword: '' },
  });
  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      remove.reset();
    }
    onOpenChange(next);
  };
  const onSubmit = form.handleSubmit((values) =>
    remove.mutate(values, {
      onSuccess: (deleted) => {
        onOpenChange(false);
        remove.signOutHere();
        navigate('/', { replace: true });
        showToast('success', t('delete.doneTitle'), {
          description:
            deleted.cancelledBookings > 0
              ? t('delete.doneBookings', {
                  count: deleted.cancelledBookings,
                  amount: format.money(deleted.totalRefundCents),
                })
              : t('delete.doneThanks'),
          duration: 10_000,
        });
      },
    }),
  );
  const data = preview.data;
  const blocked = data?.canDelete === false;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t('delete.title')} description={t('delete.description')}>
        <div className="flex items-start gap-3 rounded-lg border border-danger/30 bg-danger-soft p-3 text-sm text-danger">
          <TriangleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{t('delete.warning')}</p>
        </div>

        <section aria-labelledby="deletion-bookings" className="grid gap-2">
          <h3 id="deletion-bookings" className="font-semibold text-ink">
            {t('delete.upcoming')}
          </h3>
          {preview.isPending ? (
            <div role="status" aria-label={t('delete.loading')} className="grid gap-2">
              <Skeleton className="h-12 w-full" />
            </div>
          ) : preview.isError ? (
            <FormError message={errorMessage(preview.error, t('delete.loadFailed'))} />
          ) : data && data.bookings.length > 0 ? (
            <>
              <ul className="grid divide-y divide-line rounded-lg border border-line text-sm">
                {data.bookings.map((b) => (
                  <li key={b.id} className="grid gap-0.5 p-3">
                    <span className="font-semibold text-ink">
                      {t('delete.bookingTitle', { service: b.serviceTitle, provider: b.providerName })}
                    </span>
                    <span className="text-muted">
                      {format.bookedTime(b.serviceDate)} ·{' '}
                      <span className="whitespace-nowrap">{b.reference}</span>
                    </span>
                    <span className="text-ink">
                      {t('delete.getBack', {
                        refund: format.money(b.refundCents),
                        total: format.money(b.totalCents),
                        percent: b.refundPercent,
                      })}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="text-sm font-semibold text-ink">
                {t('delete.total', { amount: format.money(data.totalRefundCents) })}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted">{t('delete.none')}</p>
          )}
          {data?.listing ? (
            <p className="text-sm text-ink">
              <RichText
                ns="account"
                k={data.listing.upcomingBookings > 0 ? 'delete.listingBookings' : 'delete.listing'}
                values={{ name: data.listing.name, count: data.listing.upcomingBookings }}
                components={[<strong key="name" />]}
              />
            </p>
          ) : null}
        </section>

        {blocked ? (
          <FormError message={data?.blockedReason ?? t('delete.blocked')} />
        ) : (
          <form
            onSubmit={(event) => {
              event.stopPropagation();
              void onSubmit(event);
            }}
            noValidate
            className="grid gap-4"
            aria-label={t('delete.title')}
          >
            <FormError message={remove.isError ? errorMessage(remove.error, t('common.tryAgain')) : null} />
            <FormField label={t('delete.password')} error={form.formState.errors.currentPassword?.message}>
              <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => close(false)}
                disabled={remove.isPending}
              >
                {t('delete.keep')}
              </Button>
              <Button
                type="submit"
                className="bg-danger text-white hover:bg-danger/90"
                busy={remove.isPending}
                disabled={preview.isPending}
              >
                {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
