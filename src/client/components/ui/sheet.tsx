import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';
import { useFocusReturn } from './focus-return';

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  side?: 'left' | 'right' | 'bottom';
  title: ReactNode;
  description?: ReactNode;
};

/** A side sheet (Radix Dialog): focus trapped, Escape and the close button dismiss it. */
export function SheetContent({
  side = 'right',
  title,
  description,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const t = useT('ui');
  const focus = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col gap-5 overflow-y-auto bg-surface p-5 shadow-xl outline-none',
          side === 'right' &&
            'inset-y-0 right-0 h-full w-[88%] max-w-sm data-[state=open]:animate-[slide-in-right_200ms_ease-out]',
          side === 'left' &&
            'inset-y-0 left-0 h-full w-[88%] max-w-sm data-[state=open]:animate-[slide-in-left_200ms_ease-out]',
          side === 'bottom' &&
            'inset-x-0 bottom-0 max-h-[90dvh] rounded-t-2xl pb-[max(1.25rem,env(safe-area-inset-bottom))] data-[state=open]:animate-[slide-in-up_200ms_ease-out]',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      >
        <div className="flex items-start justify-between gap-4 pr-1">
          <div className="space-y-1">
            <DialogPrimitive.Title className="text-lg font-semibold text-ink">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-muted">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close className="-mr-2 -mt-2 inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-sand hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-400">
            <XIcon className="size-5" aria-hidden="true" />
            <span className="sr-only">{t('close')}</span>
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
