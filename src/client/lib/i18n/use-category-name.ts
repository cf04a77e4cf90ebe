import { useTOptional } from './i18n';

function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A category's name in the page's language, by its slug: the catalog's for the categories Trillium
 * ships with, else the name the category was given (or its slug in title case).
 */
export function useCategoryName(): (slug: string, given?: string) => string {
  const t = useTOptional('ui');
  return (slug, given) => t(`category.${slug}`, given ?? titleCase(slug));
}
