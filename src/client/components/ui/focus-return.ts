import { useState } from 'react';

/** Each open dialog's content element, and where the focus goes back when it closes. */
const openers = new WeakMap<Element, HTMLElement[]>();

/**
 * The focus goes back where it was when a dialog or sheet opened. Radix does that only for its own
 * Trigger, and most dialogs here open from state (the header's Login, My Bookings' Cancel), so the
 * focus fell to `<body>` and the next Tab started again at the top of the page. When that element has
 * left the page (a dialog opened from another dialog, now closed; a booking card its dialog removed),
 * the openers behind it are tried, then the main content. A caller's own `onCloseAutoFocus` that
 * prevents the default keeps its say.
 */
export function useFocusReturn(props: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // Read while the dialog first renders: Radix moves the focus into it only after that.
  const [chain] = useState<HTMLElement[]>(() => {
    if (typeof document === 'undefined') return [];
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return [];
    const behind = active.closest('[role="dialog"]');
    return [active, ...((behind && openers.get(behind)) ?? [])];
  });
  return {
    onOpenAutoFocus: (event: Event) => {
      if (event.target instanceof Element) openers.set(event.target, chain);
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      props.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const main = document.getElementById('main');
      const target = chain.find((element) => element.isConnected) ?? main;
      if (!target) return;
      event.preventDefault();
      if (target === main && !main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: target === main });
    },
  };
}
