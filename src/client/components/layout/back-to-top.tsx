import { ArrowUpIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/i18n';

/**
 * Appears after 300px of scroll. Sits above the phone's bottom bar; on a phone it gives way to a page's
 * own bar of actions (`data-action-bar`, styles/index.css).
 */
export function BackToTop() {
  const t = useT('shell');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      data-back-to-top=""
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('backToTop')}
      className="fixed right-4 bottom-24 z-30 inline-flex size-11 items-center justify-center rounded-full bg-primary-700 text-white shadow-lg hover:bg-primary-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 md:bottom-6"
    >
      <ArrowUpIcon className="size-5" aria-hidden="true" />
    </button>
  );
}
