import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { AddressDraft } from '../lib/details';

/** Where the professional comes: street, unit, city and postal code in Ontario, and how to get in. */
export function ServiceAddressFields({
  value,
  onChange,
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
}) {
  const id = useId();
  const set = (key: keyof AddressDraft) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 font-semibold text-ink">Service address</legend>
      <p className="-mt-2 text-sm text-muted">The professional comes to this address in Ontario.</p>
      <div className="grid gap-4 sm:grid-cols-[3fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-street`}>Street address</Label>
          <Input
            id={`${id}-street`}
            autoComplete="address-line1"
            required
            value={value.street}
            onChange={set('street')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-unit`}>Unit (optional)</Label>
          <Input id={`${id}-unit`} autoComplete="address-line2" value={value.unit} onChange={set('unit')} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-city`}>City</Label>
          <Input
            id={`${id}-city`}
            autoComplete="address-level2"
            required
            value={value.city}
            onChange={set('city')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-postal`}>Postal code</Label>
          <Input
            id={`${id}-postal`}
            autoComplete="postal-code"
            required
            placeholder="M5H 2N2"
            value={value.postalCode}
            onChange={set('postalCode')}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-access`}>Access notes (optional)</Label>
        <Textarea
          id={`${id}-access`}
          className="min-h-16"
          maxLength={500}
          placeholder="Buzzer, parking, pets"
          value={value.accessNotes}
          onChange={set('accessNotes')}
        />
      </div>
    </fieldset>
  );
}
