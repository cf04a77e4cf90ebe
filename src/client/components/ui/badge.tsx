import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5',
  {
    variants: {
      variant: {
        featured: 'bg-accent-400 text-ink',
        verified: 'bg-primary-50 text-primary-800 ring-1 ring-primary-200',
        neutral: 'bg-sand text-ink',
        important: 'bg-danger-soft text-danger ring-1 ring-danger/20',
        info: 'bg-primary-50 text-primary-800',
        update: 'bg-accent-50 text-accent-700 ring-1 ring-accent-200',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
