import { type ReactNode, Suspense, useRef, useState } from 'react';

/** What a lazily loaded sheet gets from its trigger. */
export type SheetPanelProps = {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** For the sheet's `onCloseAutoFocus`: focus goes back to the button that opened it. */
  returnFocus: (event: Event) => void;
};

/**
 * A button that opens a sheet whose code (Radix Dialog, Select, Slider...) loads on first open, so the
 * listing page does not carry it. The sheet stays mounted afterwards so it can animate closed.
 */
export function useLazySheet() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
  return {
    triggerProps: {
      ref: trigger,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onClick: () => {
        setRequested(true);
        setOpen(true);
      },
    },
    render: (panel: (props: SheetPanelProps) => ReactNode) =>
      requested ? <Suspense fallback={null}>{panel({ open, setOpen, returnFocus })}</Suspense> : null,
  };
}
