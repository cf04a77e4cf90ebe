import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { BookingDetails } from '../lib/details';

/** Name, e-mail, phone and notes of a booking. */
export function BookingDetailsFields({
  value,
  onChange,
  phoneRequired = false,
}: {
  value: BookingDetails;
  onChange: (next: BookingDetails) => void;
  phoneRequired?: boolean;
}) {
  const id = useId();
  const set = (key: keyof BookingDetails) => (event: { target: { value: string } }) =>
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
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-phone`}>Phone{phoneRequired ? '' : ' (optional)'}</Label>
        <Input
          id={`${id}-phone`}
          type="tel"
          autoComplete="tel"
          required={phoneRequired}
          value={value.phone}
          onChange={set('phone')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
        <Textarea
          id={`${id}-notes`}
          className="min-h-20"
          maxLength={1000}
          placeholder="Anything the provider should know"
          value={value.notes}
          onChange={set('notes')}
        />
      </div>
    </div>
  );
}
