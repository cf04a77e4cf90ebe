import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { CheckIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A 20px box inside a 44px tap area (the label beside it is clickable too). */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer relative inline-flex size-5 after:absolute after:-inset-3 shrink-0 items-center justify-center rounded border-2 border-primary-700 bg-surface text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:opacity-60 data-[state=checked]:bg-primary-700 aria-invalid:border-danger',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
