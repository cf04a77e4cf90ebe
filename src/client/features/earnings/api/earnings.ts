import {
  adminPayoutListSchema,
  adminPayoutSchema,
  ledgerCheckSchema,
  onboardingLinkSchema,
  partnerEarningsSchema,
  payoutAccountSchema,
  payoutListSchema,
  payoutRunSchema,
  platformIncomeSchema,
  type SellerTaxDetailsBody,
  sellerTaxDetailsAnswerSchema,
  sellerTaxDetailsSchema,
} from '@shared/contract/earnings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PARTNER_EARNINGS_KEY = ['/api/partner/earnings'] as const;
export const PARTNER_PAYOUTS_KEY = ['/api/partner/payouts'] as const;
export const ADMIN_PAYOUTS_KEY = ['/api/admin/payouts'] as const;
export const PLATFORM_INCOME_KEY = ['/api/admin/ledger/income'] as const;
export const LEDGER_CHECK_KEY = ['/api/admin/ledger/check'] as const;

/** The partner's balances, next payout and each booking's earnings, from the ledger. */
export function usePartnerEarnings() {
  return useQuery({
    queryKey: PARTNER_EARNINGS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/partner/earnings', partnerEarningsSchema, { signal }),
  });
}

export function usePartnerPayouts() {
  return useQuery({
    queryKey: PARTNER_PAYOUTS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/partner/payouts', payoutListSchema, { signal }),
  });
}

/** Every payout, newest first (admins). */
export function useAdminPayouts() {
  return useQuery({
    queryKey: ADMIN_PAYOUTS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/payouts', adminPayoutListSchema, { signal }),
    refetchInterval: 30_000,
  });
}

export function usePlatformIncome() {
  return useQuery({
    queryKey: PLATFORM_INCOME_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/ledger/income', platformIncomeSchema, { signal }),
  });
}

export function useLedgerCheck() {
  return useQuery({
    queryKey: LEDGER_CHECK_KEY,
    queryFn: ({ signal }) => apiRequest('/api/admin/ledger/check', ledgerCheckSchema, { signal }),
  });
}

const refreshAdmin = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [ADMIN_PAYOUTS_KEY, PLATFORM_INCOME_KEY, LEDGER_CHECK_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** Sends a failed payout again. */
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/payouts/${id}/retry`, adminPayoutSchema, { method: 'POST', body: {} }),
    onSettled: () => void refreshAdmin(queryClient),
  });
}

/** Runs the weekly payout now (it pays nothing twice). */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/admin/payouts/run', payoutRunSchema, { method: 'POST', body: {} }),
    onSettled: () => void refreshAdmin(queryClient),
  });
}

/** The address of a CSV export for a range of days (both optional). */
export function csvUrl(base: string, range: { from?: string; to?: string }) {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

export const PAYOUT_ACCOUNT_KEY = ['/api/partner/payout-account'] as const;

/** How the partner is paid: the sandbox, or their Stripe account's state. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: PAYOUT_ACCOUNT_KEY,
    queryFn: ({ signal }) => apiRequest('/api/partner/payout-account', payoutAccountSchema, { signal }),
  });
}

/** "Set up payouts": the link to Stripe's hosted onboarding, where the browser goes next. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/partner/payout-account/onboarding', onboardingLinkSchema, {
        method: 'POST',
        body: {},
      }),
  });
}

export const TAX_DETAILS_KEY = ['/api/partner/tax-details'] as const;

/** The seller details CRA platform reporting needs, or null before the partner gave them. */
export function useTaxDetails() {
  return useQuery({
    queryKey: TAX_DETAILS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/partner/tax-details', sellerTaxDetailsAnswerSchema, { signal }),
  });
}

export function useSaveTaxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerTaxDetailsBody) =>
      apiRequest('/api/partner/tax-details', sellerTaxDetailsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(TAX_DETAILS_KEY, saved),
  });
}
