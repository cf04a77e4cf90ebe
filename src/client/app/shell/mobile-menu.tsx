import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';

const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet').then((m) => ({ default: m.MobileMenuSheet })),
);

/** The hamburger button; the sheet's code (Radix Dialog) loads on the first open. */
export function MobileMenu({ className }: { className?: string }) {
  const t = useT('shell');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={className}
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5!" aria-hidden="true" />
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
