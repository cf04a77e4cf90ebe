import {
  adminAnnouncementSchema,
  adminAnnouncementsResponseSchema,
  adminPromotionSchema,
  adminPromotionsResponseSchema,
  type AnnouncementPatch,
  type announcementBodySchema,
  type PromotionPatch,
  type promotionBodySchema,
} from '@shared/contract/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** The admins' promotions and announcements (docs/product.md §7): list, create, change. */

export const ADMIN_PROMOTIONS_KEY = ['/api/admin/promotions'] as const;
export const ADMIN_ANNOUNCEMENTS_KEY = ['/api/admin/announcements'] as const;

export function useAdminPromotions() {
  return useQuery({
    queryKey: ADMIN_PROMOTIONS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/promotions', adminPromotionsResponseSchema, { signal }),
  });
}

/** Creates (no id) or changes (with an id) a promotion; the lists, public one included, are read again. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: number;
      body: z.input<typeof promotionBodySchema> | PromotionPatch;
    }) =>
      id === undefined
        ? apiRequest('/api/admin/promotions', adminPromotionSchema, { method: 'POST', body })
        : apiRequest(`/api/admin/promotions/${id}`, adminPromotionSchema, { method: 'PATCH', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_PROMOTIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/promotions'] });
    },
  });
}

export function useAdminAnnouncements() {
  return useQuery({
    queryKey: ADMIN_ANNOUNCEMENTS_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/announcements', adminAnnouncementsResponseSchema, { signal }),
  });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: number;
      body: z.input<typeof announcementBodySchema> | AnnouncementPatch;
    }) =>
      id === undefined
        ? apiRequest('/api/admin/announcements', adminAnnouncementSchema, { method: 'POST', body })
        : apiRequest(`/api/admin/announcements/${id}`, adminAnnouncementSchema, { method: 'PATCH', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_ANNOUNCEMENTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/announcements'] });
    },
  });
}
