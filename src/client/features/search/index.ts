/** The home page's search form. */
export { HeroSearchForm } from './components/hero-search-form';
