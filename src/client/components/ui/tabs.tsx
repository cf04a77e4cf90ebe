import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentProps, type MouseEvent, Suspense } from 'react';
import { Skeleton } from './skeleton';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-xl bg-sand p-1',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Radix focuses a tab by script on mousedown (for Safari), and Chromium then shows the keyboard focus
 * ring after a mouse click. Focused first without it (`focusVisible: false`), the tab keeps no ring, and
 * Radix's own focus() finds it focused already. The keyboard's focus never goes through mousedown.
 */
function focusWithoutRing(event: MouseEvent<HTMLButtonElement>) {
  if (event.button === 0 && !event.ctrlKey) event.currentTarget.focus({ focusVisible: false });
}

export function TabsTrigger({
  className,
  onMouseDown,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      onMouseDown={(event) => {
        focusWithoutRing(event);
        onMouseDown?.(event);
      }}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-4 text-sm font-semibold text-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-400 data-[state=active]:bg-surface data-[state=active]:text-primary-800 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel. What it shows may load on first view (its code, its texts): it waits in the panel,
 * under the tab list, so the page above stays and the focus stays on the tab the arrow keys reached
 * (a page-wide fallback had replaced the tab list, and the focus fell to <body>).
 */
export function TabsContent({ className, children, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={cn('mt-4 outline-none', className)} {...props}>
      <Suspense fallback={<Skeleton className="h-48 w-full" />}>{children}</Suspense>
    </TabsPrimitive.Content>
  );
}
