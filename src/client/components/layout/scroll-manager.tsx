import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** New pages start at the top; `#id` links scroll to their section once it has rendered. */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      let frames = 0;
      let handle = 0;
      const tryScroll = () => {
        const target = document.getElementById(id);
        if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        else if (frames++ < 120) handle = requestAnimationFrame(tryScroll);
      };
      tryScroll();
      return () => cancelAnimationFrame(handle);
    }
    if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
    return undefined;
  }, [location.key]);

  return null;
}
