import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-(--radius-card) border border-line bg-surface shadow-xs', className)}
      {...props}
    />
  );
}
