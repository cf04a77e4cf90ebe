import type { Provider } from '@shared/contract/catalog';
import { cityLabel } from '@shared/domain/ontario';
import { servesInFrench } from '@shared/domain/service-languages';
import { LOCALE_TAGS } from '@shared/i18n/locales';

/**
 * schema.org descriptions of the landing pages, so search engines can show a provider's rating, place
 * and starting price. Built from the same provider record the page shows; nothing is added that the
 * page does not say.
 */

function business(p: Provider) {
  return {
    '@type': 'LocalBusiness',
    name: p.name,
    description: p.description,
    ...(p.imageUrl ? { image: p.imageUrl } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(p.streetAddress ? { streetAddress: p.streetAddress } : {}),
      addressLocality: cityLabel(p.city),
      addressRegion: p.province,
      addressCountry: 'CA',
    },
    // The languages it serves in, as its French-speaking badge says (issue 21).
    ...(servesInFrench(p.serviceLanguages)
      ? { knowsLanguage: p.serviceLanguages.map((language) => LOCALE_TAGS[language]) }
      : {}),
    ...(p.rating !== null && p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The provider page: the business itself. */
export function providerStructuredData(p: Provider, url: string) {
  return { '@context': 'https://schema.org', ...business(p), url };
}

/**
 * The service page: the services this business offers, with their all-in prices in Canadian dollars
 * (with the service fee, as the page shows them).
 */
export function serviceStructuredData(p: Provider, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `${p.category.name} by ${p.name}`,
    serviceType: p.category.name,
    description: p.description,
    url,
    areaServed: { '@type': 'City', name: cityLabel(p.city) },
    provider: business(p),
    offers: (p.services.length > 0 ? p.services : [{ name: p.category.name, allInPrice: p.allInPrice }]).map(
      (s) => ({
        '@type': 'Offer',
        name: s.name,
        price: s.allInPrice.toFixed(2),
        priceCurrency: 'CAD',
      }),
    ),
  };
}
