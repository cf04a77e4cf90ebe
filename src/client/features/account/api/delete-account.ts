import {
  type DeleteAccountBody,
  accountDeletedSchema,
  deletionPreviewSchema,
} from '@shared/contract/privacy';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markSignedOut } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { CURRENT_USER_KEY } from '@/lib/session/get-user';
import { setSessionHint } from '@/lib/session/session-hint';

export const DELETION_PREVIEW_KEY = ['/api/user/deletion-preview'] as const;

export function getDeletionPreview({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/user/deletion-preview', deletionPreviewSchema, { signal });
}

/** What deleting the account now would cancel and refund: asked afresh each time the dialog opens. */
export const deletionPreviewQueryOptions = () =>
  queryOptions({
    queryKey: DELETION_PREVIEW_KEY,
    queryFn: ({ signal }) => getDeletionPreview({ signal }),
    staleTime: 0,
  });

export function useDeletionPreview(enabled: boolean) {
  return useQuery({ ...deletionPreviewQueryOptions(), enabled });
}

export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest('/api/user', accountDeletedSchema, { method: 'DELETE', body });
}

/**
 * DELETE /api/user. The server has ended every session; `signOutHere` then forgets the person in this
 * tab (no user, nothing of theirs in the cache) as signing out does, so the page goes home, not to /auth.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({ mutationFn: deleteAccount }),
    signOutHere() {
      markSignedOut();
      setSessionHint(false);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
  };
}
