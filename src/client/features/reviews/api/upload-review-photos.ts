import { reviewPhotosResponseSchema } from '@shared/contract/reviews';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/reviews/photos: the server checks, re-encodes (WebP, 1600 px, no EXIF) and keeps them for a day. */
export function useUploadReviewPhotos() {
  return useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      for (const file of files) body.append('photos', file, file.name);
      return apiRequest('/api/reviews/photos', reviewPhotosResponseSchema, { method: 'POST', body });
    },
  });
}
