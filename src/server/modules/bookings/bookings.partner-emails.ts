import { formatAddress } from '../../../shared/contract/address';
import type { Executor } from '../../db/client';
import type { Env } from '../../env';
import { enqueueEmail } from '../email/email.outbox.repository';
import {
  type PartnerBookingFacts,
  partnerBookingCancelledEmail,
  partnerBookingConfirmedEmail,
} from '../email/email.templates-partner';
import type { BookingRow, findProviderBasics } from './bookings.repository';

type Provider = NonNullable<Awaited<ReturnType<typeof findProviderBasics>>>;

function factsOf(booking: BookingRow, provider: Provider): PartnerBookingFacts {
  return {
    partnerName: (provider.ownerName ?? provider.name).split(/\s+/)[0] ?? provider.name,
    serviceName: booking.serviceTitle,
    customerFirstName: booking.customerName.split(/\s+/)[0] ?? booking.customerName,
    startsAt: booking.serviceDate,
    reference: booking.reference,
    address: booking.serviceAddress ? formatAddress(booking.serviceAddress) : null,
    accessNotes: booking.serviceAddress?.accessNotes ?? null,
    servicePriceCents: booking.priceCents,
  };
}

/** Whether the listing's owner gets booking e-mails (Settings, Email Notifications; on by default). */
function wantsEmail(provider: Provider | undefined): provider is Provider & { ownerEmail: string } {
  return !!provider?.ownerEmail && provider.ownerPreferences?.email !== false;
}

/** E-mails the partner about a confirmed booking, in the caller's transaction. */
export async function emailPartnerConfirmed(
  tx: Executor,
  input: { env: Pick<Env, 'PUBLIC_URL'>; booking: BookingRow; provider: Provider | undefined; now: Date },
) {
  if (!wantsEmail(input.provider)) return;
  await enqueueEmail(
    tx,
    {
      to: input.provider.ownerEmail,
      kind: 'partner_booking_confirmed',
      ...partnerBookingConfirmedEmail({
        publicUrl: input.env.PUBLIC_URL,
        booking: factsOf(input.booking, input.provider),
      }),
    },
    { now: input.now },
  );
}

/** E-mails the partner about a cancelled booking that had been confirmed, in the caller's transaction. */
export async function emailPartnerCancelled(
  tx: Executor,
  input: {
    env: Pick<Env, 'PUBLIC_URL'>;
    booking: BookingRow;
    provider: Provider | undefined;
    cancelledBy: 'customer' | 'partner' | 'admin';
    reason?: string | null;
    now: Date;
  },
) {
  if (!wantsEmail(input.provider) || input.booking.status !== 'confirmed') return;
  await enqueueEmail(
    tx,
    {
      to: input.provider.ownerEmail,
      kind: 'partner_booking_cancelled',
      ...partnerBookingCancelledEmail({
        publicUrl: input.env.PUBLIC_URL,
        booking: factsOf(input.booking, input.provider),
        cancelledBy: input.cancelledBy,
        reason: input.reason,
      }),
    },
    { now: input.now },
  );
}
