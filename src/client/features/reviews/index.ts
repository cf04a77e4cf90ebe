/**
 * Reviews (contract `reviews`, server `modules/reviews`), the provider page's part: the histogram,
 * sort, star filter, paging, photos in a lightbox, the partner's replies and reports. Kept free of
 * zod and the back-office screens, which are in `back-office.ts` and `writing.ts` beside this file.
 */
export { providerReviewsQueryOptions } from './api/get-provider-reviews';
export { ProviderReviews } from './components/provider-reviews';
