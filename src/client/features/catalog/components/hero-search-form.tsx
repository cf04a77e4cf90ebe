import { buildSearchQuery } from '@shared/domain/search-params';
import { HERO_SUGGESTION_LIMIT } from '@shared/domain/suggestions';
import { HOME_CITIES } from '@shared/domain/ontario';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { SuggestionInput } from './suggestion-input';
import { useT } from '@/lib/i18n/i18n';

/** The home hero's search: text with suggestions, location, Search. */
export function HeroSearchForm() {
  const t = useT('catalog');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [location, setLocation] = useState('');
  // The hero has no category picker of its own; the rule (reset on focus) is kept for parity with the spec.
  const [category, setCategory] = useState('all');

  return (
    <form
      aria-label={t('search.formLabel')}
      className="grid gap-2 rounded-2xl bg-surface p-2 shadow-xl ring-1 ring-line sm:grid-cols-[1fr_10rem_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        const query = buildSearchQuery({ q, location, category });
        window.scrollTo({ top: 0, behavior: 'instant' });
        navigate(query ? `/services?${query}` : '/services');
      }}
    >
      <label htmlFor="hero-search" className="sr-only">
        {t('search.label')}
      </label>
      <SuggestionInput
        id="hero-search"
        name="q"
        value={q}
        onValueChange={setQ}
        limit={HERO_SUGGESTION_LIMIT}
        placeholder={t('search.placeholder')}
        className="min-h-12 border-transparent bg-canvas"
        onFocus={() => setCategory('all')}
      />
      <label htmlFor="hero-location" className="sr-only">
        {t('search.location')}
      </label>
      <NativeSelect
        id="hero-location"
        name="location"
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        className="min-h-12 border-transparent bg-canvas"
      >
        <option value="">{t('search.selectLocation')}</option>
        {HOME_CITIES.map((city) => (
          <option key={city.value} value={city.value}>
            {city.label}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" variant="primary" size="lg">
        <SearchIcon aria-hidden="true" />
        {t('search.submit')}
      </Button>
    </form>
  );
}
