/**
 * The languages a partner serves customers in (issue 21): English, French or both, as they declare
 * on their listing (`providers.service_languages`). A listing that serves in French gets the
 * "French-speaking" / "Services en français" badge and matches the search's French-speaking filter.
 */
export const SERVICE_LANGUAGES = ['en', 'fr'] as const;
export type ServiceLanguage = (typeof SERVICE_LANGUAGES)[number];

export const SERVICE_LANGUAGES_MESSAGE = 'Choose at least one language you serve customers in';

/** The declared languages, each once, in a fixed order (`['fr', 'en']` → `['en', 'fr']`). */
export function normalizeServiceLanguages(languages: readonly ServiceLanguage[]): ServiceLanguage[] {
  return SERVICE_LANGUAGES.filter((language) => languages.includes(language));
}

export function servesInFrench(languages: readonly string[]): boolean {
  return languages.includes('fr');
}
