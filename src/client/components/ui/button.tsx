import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary-700 text-white shadow-sm hover:bg-primary-800',
        accent: 'bg-accent-400 text-ink shadow-sm hover:bg-accent-300',
        outline: 'border border-line bg-surface text-ink hover:border-primary-300 hover:bg-primary-50',
        ghost: 'text-ink hover:bg-primary-50',
        link: 'text-primary-700 underline-offset-4 hover:underline',
        inverse: 'bg-white text-primary-800 hover:bg-primary-50',
      },
      size: {
        sm: 'min-h-11 px-3 text-sm',
        md: 'min-h-11 px-4 text-sm',
        lg: 'min-h-12 px-6 text-base',
        icon: 'size-11',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /**
     * Working (e.g. paying): announced as disabled and busy, and presses do nothing, but the button
     * keeps the keyboard focus, which `disabled` would drop to the page.
     */
    busy?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  busy = false,
  type,
  onClick,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), busy && 'cursor-progress opacity-60', className)}
      type={asChild ? undefined : (type ?? 'button')}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      // preventDefault also stops a busy submit button from submitting its form again.
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
