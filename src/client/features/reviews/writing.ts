/** Writing and editing one's own review (My Bookings): the photo picker and the author's review. */
export { useEditReview, useOwnReview } from './api/own-review';
export { type PickedPhoto, ReviewPhotoPicker } from './components/review-photo-picker';
