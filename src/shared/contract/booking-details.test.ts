import { describe, expect, it } from 'vitest';
import {
  type BookingDetailsForm,
  bookingDetailsFormSchema,
  bookingDetailsPayload,
  createPaymentIntentBodySchema,
} from './bookings';

const address = {
  street: '120 Queen St W',
  unit: '',
  city: 'Toronto',
  postalCode: 'm5h2n2',
  accessNotes: '',
};
const ok: BookingDetailsForm = {
  deliveredAt: 'customer',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '416 555 0100',
  notes: '',
  address,
};

/** The field each problem lands on and its message, as the booking forms show them. */
function problems(details: BookingDetailsForm) {
  const parsed = bookingDetailsFormSchema.safeParse(details);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('booking details, the same in every booking flow and on the server', () => {
  it('asks a service at home for a phone and an Ontario address, and a salon for neither', () => {
    const salon = { ...ok, deliveredAt: 'provider' as const };
    expect(problems(ok)).toEqual([]);
    expect(problems({ ...ok, name: ' ' })).toEqual(['name: Full name must be at least 2 characters']);
    expect(problems({ ...ok, email: 'jane' })).toEqual(['email: Please enter a valid email address']);
    expect(problems({ ...ok, phone: '' })).toEqual(['phone: Please enter your phone number']);
    expect(problems({ ...salon, phone: '' })).toEqual([]);
    expect(problems({ ...salon, phone: '12' })).toEqual(['phone: Please enter a valid phone number']);
    expect(problems({ ...ok, address: { ...address, street: '' } })).toEqual([
      'address.street: Street address must be at least 5 characters',
    ]);
    expect(problems({ ...ok, address: { ...address, postalCode: 'V5K 0A1' } })).toEqual([
      'address.postalCode: This postal code is not in Ontario',
    ]);
    expect(problems({ ...salon, address: { ...address, street: '' } })).toEqual([]);
  });

  it('gives a payload the server accepts, with the address normalised only for a service at home', () => {
    const home = bookingDetailsPayload(ok);
    expect(home.serviceAddress).toEqual({
      street: '120 Queen St W',
      unit: null,
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 2N2',
      accessNotes: null,
    });
    expect(bookingDetailsPayload({ ...ok, deliveredAt: 'provider' }).serviceAddress).toBeNull();
    const body = { providerId: 1, serviceDate: '2026-12-01T15:00:00.000Z', ...home };
    expect(createPaymentIntentBodySchema.safeParse(body).success).toBe(true);
  });
});
