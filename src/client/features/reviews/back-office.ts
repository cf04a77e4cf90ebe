/** Reviews in the dashboards: the partner's Reviews tab and the admin's moderation tab. */
export { PartnerReviewsTab } from './components/partner-reviews-tab';
export { ReviewModerationPanel } from './components/review-moderation-panel';
