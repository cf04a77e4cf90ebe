import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native file input styled as a field with a button: labelled by FormField, usable by keyboard. */
export function FilePicker({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="file"
      className={cn(
        'block min-h-11 w-full cursor-pointer rounded-lg border border-dashed border-line bg-surface text-sm text-muted file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-primary-50 file:px-4 file:font-semibold file:text-primary-800 hover:file:bg-primary-100 focus-visible:outline-3 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
