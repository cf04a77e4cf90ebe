import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';
import { useFocusReturn } from './focus-return';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
  /** Fills the screen (the payment step); otherwise a centred card, a bottom sheet on phones. */
  fullScreen?: boolean;
  /** Hide the close (X) button, e.g. when the dialog has its own back button. */
  hideClose?: boolean;
  /** Visually hide the title (it stays the dialog's accessible name). */
  hideTitle?: boolean;
};

/** A modal dialog (Radix): focus trapped, Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  fullScreen = false,
  hideClose = false,
  hideTitle = false,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const t = useT('ui');
  const focus = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-surface shadow-xl outline-none',
          fullScreen
            ? 'inset-0 h-dvh w-full p-0'
            : 'inset-x-0 bottom-0 max-h-[92dvh] rounded-t-2xl p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] data-[state=open]:animate-[slide-in-up_200ms_ease-out] sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-(--radius-card) sm:p-6 sm:data-[state=open]:animate-[fade-in_150ms_ease-out]',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      >
        {fullScreen ? (
          <>
            <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="sr-only">{description}</DialogPrimitive.Description>
            ) : null}
          </>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className={cn('space-y-1', hideTitle && 'sr-only')}>
              <DialogPrimitive.Title className="text-lg font-semibold text-ink">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-muted">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            {hideClose ? null : (
              <DialogPrimitive.Close className="-mt-2 -mr-2 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-sand hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-400">
                <XIcon className="size-5" aria-hidden="true" />
                <span className="sr-only">{t('close')}</span>
              </DialogPrimitive.Close>
            )}
          </div>
        )}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
