import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

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

/** Anything the professional should know (optional). */
export function NotesField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Notes (optional)</Label>
      <Textarea
        id={id}
        className="min-h-20"
        maxLength={1000}
        placeholder="Anything the provider should know"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
