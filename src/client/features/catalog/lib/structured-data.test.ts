import type { Provider } from '@shared/contract/catalog';
import { describe, expect, it } from 'vitest';
import { providerStructuredData } from './structured-data';

const provider = (serviceLanguages: Provider['serviceLanguages']) =>
  ({
    name: 'Trans-Canada Garage',
    description: 'Garage complet.',
    imageUrl: null,
    streetAddress: null,
    city: 'ottawa',
    province: 'ON',
    rating: null,
    reviewCount: 0,
    serviceLanguages,
  }) as unknown as Provider;

describe('structured data', () => {
  it('names the languages of a French-speaking business, as its badge says', () => {
    expect(providerStructuredData(provider(['en', 'fr']), 'https://t.test/provider/1')).toMatchObject({
      '@type': 'LocalBusiness',
      knowsLanguage: ['en-CA', 'fr-CA'],
    });
    expect(providerStructuredData(provider(['en']), 'https://t.test/provider/1')).not.toHaveProperty(
      'knowsLanguage',
    );
  });
});
