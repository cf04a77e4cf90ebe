/** What other features use from the catalog: categories and a provider's service options. */
export { categoriesQueryOptions, getCategories, useCategories } from './api/get-categories';
export { formatDuration, type ServiceOption, serviceOptions } from './lib/service-options';
export { HeroSearchForm } from './components/hero-search-form';
