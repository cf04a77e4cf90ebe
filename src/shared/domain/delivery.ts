/** Where a service is delivered: at the customer's address, or at the provider's place (docs/product.md §5). */
export const DELIVERY_PLACES = ['customer', 'provider'] as const;
export type DeliveryPlace = (typeof DELIVERY_PLACES)[number];

/** Categories whose professionals come to the customer; every other category's customers go to them. */
export const CUSTOMER_PLACE_CATEGORIES: readonly string[] = [
  'home-cleaning',
  'car-detailing',
  'baby-sitting',
  'catering',
  'plumbing',
  'lunch-delivery',
  'pet-sitting',
];

export function defaultDeliveryFor(categorySlug: string): DeliveryPlace {
  return CUSTOMER_PLACE_CATEGORIES.includes(categorySlug) ? 'customer' : 'provider';
}
