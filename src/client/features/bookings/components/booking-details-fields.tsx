import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { DeliveryPlace } from '@shared/domain/delivery';
import type { BookingDetails } from '../lib/details';
import { NotesField, PhoneField } from './phone-field';
import { ServiceAddressFields } from './service-address-fields';

/**
 * Name, e-mail, phone and notes of a booking; for a service at the customer's place, the phone is
 * required and the service address is asked too.
 */
export function BookingDetailsFields({
  value,
  onChange,
  deliveredAt,
}: {
  value: BookingDetails;
  onChange: (next: BookingDetails) => void;
  deliveredAt: DeliveryPlace;
}) {
  const phoneRequired = deliveredAt === 'customer';
  const id = useId();
  const set = (key: 'name' | 'email') => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>Full name</Label>
        <Input id={`${id}-name`} autoComplete="name" required value={value.name} onChange={set('name')} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={value.email}
          onChange={set('email')}
        />
      </div>
      <PhoneField
        value={value.phone}
        onChange={(phone) => onChange({ ...value, phone })}
        required={phoneRequired}
      />
      <NotesField value={value.notes} onChange={(notes) => onChange({ ...value, notes })} />
      {deliveredAt === 'customer' ? (
        <ServiceAddressFields value={value.address} onChange={(address) => onChange({ ...value, address })} />
      ) : null}
    </div>
  );
}
