import { zodResolver } from '@hookform/resolvers/zod';
import { type DeleteAccountBody, deleteAccountBodySchema } from '@shared/contract/privacy';
import { formatBookedTime } from '@shared/domain/dates';
import { formatCents } from '@shared/domain/money';
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
        showToast('success', 'Your account is deleted', {
          description:
            deleted.cancelledBookings > 0
              ? `You are signed out everywhere. ${deleted.cancelledBookings === 1 ? '1 booking was' : `${deleted.cancelledBookings} bookings were`} cancelled; ${formatCents(deleted.totalRefundCents)} goes back to your card.`
              : 'You are signed out everywhere. Thank you for using Trillium.',
          duration: 10_000,
        });
      },
    }),
  );
  const data = preview.data;
  const blocked = data?.canDelete === false;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Delete your account"
        description="This cannot be undone. Read what happens, then confirm with your password."
      >
        <div className="flex items-start gap-3 rounded-lg border border-danger/30 bg-danger-soft p-3 text-sm text-danger">
          <TriangleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            Your profile, address, saved services, notifications, uploads and support requests are erased, and
            you are signed out everywhere. Your reviews stay on the providers' pages as "Deleted user".
            Records of bookings and payments are kept without your name or contact details for 7 years, as
            Canadian tax law requires.
          </p>
        </div>

        <section aria-labelledby="deletion-bookings" className="grid gap-2">
          <h3 id="deletion-bookings" className="font-semibold text-ink">
            Upcoming bookings
          </h3>
          {preview.isPending ? (
            <div role="status" aria-label="Loading your upcoming bookings" className="grid gap-2">
              <Skeleton className="h-12 w-full" />
            </div>
          ) : preview.isError ? (
            <FormError message={errorMessage(preview.error, 'Could not load your upcoming bookings.')} />
          ) : data && data.bookings.length > 0 ? (
            <>
              <ul className="grid divide-y divide-line rounded-lg border border-line text-sm">
                {data.bookings.map((b) => (
                  <li key={b.id} className="grid gap-0.5 p-3">
                    <span className="font-semibold text-ink">
                      {b.serviceTitle} with {b.providerName}
                    </span>
                    <span className="text-muted">
                      {formatBookedTime(b.serviceDate)} ·{' '}
                      <span className="whitespace-nowrap">{b.reference}</span>
                    </span>
                    <span className="text-ink">
                      You get back {formatCents(b.refundCents)} of {formatCents(b.totalCents)} (
                      {b.refundPercent}%)
                    </span>
                  </li>
                ))}
              </ul>
              <p className="text-sm font-semibold text-ink">
                You will get back {formatCents(data.totalRefundCents)} in all, under each booking's
                cancellation policy.
              </p>
            </>
          ) : (
            <p className="text-sm text-muted">You have no upcoming bookings: nothing will be cancelled.</p>
          )}
          {data?.listing ? (
            <p className="text-sm text-ink">
              Your listing <strong>{data.listing.name}</strong> will be unpublished
              {data.listing.upcomingBookings > 0
                ? `, and its ${data.listing.upcomingBookings === 1 ? 'upcoming booking' : `${data.listing.upcomingBookings} upcoming bookings`} cancelled with a full refund to the customer.`
                : '.'}
            </p>
          ) : null}
        </section>

        {blocked ? (
          <FormError message={data?.blockedReason ?? 'This account cannot be deleted now.'} />
        ) : (
          <form
            onSubmit={(event) => {
              event.stopPropagation();
              void onSubmit(event);
            }}
            noValidate
            className="grid gap-4"
            aria-label="Delete your account"
          >
            <FormError message={remove.isError ? errorMessage(remove.error, 'Please try again.') : null} />
            <FormField label="Your password" error={form.formState.errors.currentPassword?.message}>
              <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                onClick={() => close(false)}
                disabled={remove.isPending}
              >
                Keep my account
              </Button>
              <Button
                type="submit"
                className="bg-danger text-white hover:bg-danger/90"
                busy={remove.isPending}
                disabled={preview.isPending}
              >
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
