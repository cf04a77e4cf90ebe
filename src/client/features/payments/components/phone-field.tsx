import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A phone number the professional can reach the customer at. */
export function PhoneField({
  value,
  onChange,
  required = false,
}: {
  value: string;
  onChange: (next: string) => void;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Phone{required ? '' : ' (optional)'}</Label>
      <Input
        id={id}
        type="tel"
        autoComplete="tel"
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
