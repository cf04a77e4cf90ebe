import {
  buildSearchQuery,
  DEFAULT_SEARCH_STATE,
  parseSearchState,
  type SearchState,
} from '@shared/domain/search-params';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * The listing's search state. The URL is the truth: the editable draft is re-synced from it on
 * every URL change, and applying writes only the meaningful parameters back to the URL.
 */
export function useSearchState() {
  const location = useLocation();
  const { category: pathCategory } = useParams();
  const navigate = useNavigate();
  const urlState = useMemo(
    () => parseSearchState(location.search, pathCategory),
    [location.search, pathCategory],
  );
  const [draft, setDraft] = useState<SearchState>(urlState);

  useEffect(() => setDraft(urlState), [urlState]);

  const apply = (next: SearchState = draft) => {
    setDraft(next);
    const query = buildSearchQuery(next);
    window.scrollTo({ top: 0, behavior: 'instant' });
    navigate(query ? `/services?${query}` : '/services');
  };

  const reset = () => apply(DEFAULT_SEARCH_STATE);

  return { urlState, query: buildSearchQuery(urlState), draft, setDraft, apply, reset };
}
