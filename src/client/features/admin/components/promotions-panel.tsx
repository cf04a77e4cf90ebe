import type { AdminPromotion } from '@shared/contract/promotions';
import { formatShortDate } from '@shared/domain/dates';
import { describeDiscount } from '@shared/domain/promo-codes';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAdminPromotions, useSavePromotion } from '../api/promotions';
import { promotionState } from '../lib/promotion-form';
import { AnnouncementsPanel } from './announcements-panel';
import { PromotionFormDialog } from './promotion-form-dialog';

const limitText = (p: AdminPromotion) =>
  [
    p.maxUses === null ? null : `${p.uses + p.held} of ${p.maxUses} uses taken`,
    p.maxUsesPerCustomer === null ? null : `${p.maxUsesPerCustomer} per customer`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The Promotions tab (docs/product.md §7): every promotion with its state, code, discount and uses;
 * New, Edit, and Activate or Deactivate in one click. Announcements below. Each change is audited.
 */
export function PromotionsPanel() {
  const promotions = useAdminPromotions();
  const save = useSavePromotion();
  const [editing, setEditing] = useState<AdminPromotion | null>(null);
  const [creating, setCreating] = useState(false);
  const now = new Date();

  const toggle = (p: AdminPromotion) =>
    save.mutate(
      { id: p.id, body: { isActive: !p.isActive } },
      {
        onSuccess: (saved) =>
          notify('success', saved.isActive ? 'Promotion activated' : 'Promotion deactivated', saved.title),
        onError: (error) => notify('error', 'Not saved', errorMessage(error, 'Please try again.')),
      },
    );

  return (
    <div className="grid gap-10">
      <section aria-labelledby="promotions-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="promotions-title" className="text-xl font-semibold text-ink">
              Promotions
            </h2>
            <p className="mt-1 text-sm text-muted">
              Offers on /promotions and the codes customers apply at checkout. Uses count when a payment
              succeeds; a code held by a booking waiting for its payment counts against the limits too.
            </p>
          </div>
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            New promotion
          </Button>
        </div>
        {promotions.isPending ? (
          <div role="status" aria-label="Loading promotions" className="grid gap-3">
            <Skeleton className="h-28 w-full rounded-(--radius-card)" />
            <Skeleton className="h-28 w-full rounded-(--radius-card)" />
          </div>
        ) : promotions.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(promotions.error, 'The promotions could not be loaded.')}
          </p>
        ) : promotions.data.length === 0 ? (
          <p className="text-sm text-muted">No promotions yet.</p>
        ) : (
          <ul className="grid gap-3">
            {promotions.data.map((p) => {
              const state = promotionState(p, now);
              return (
                <li
                  key={p.id}
                  className="grid gap-2 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs"
                  aria-label={p.title}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold text-ink">{p.title}</h3>
                    <Badge variant={state === 'Running' ? 'verified' : 'neutral'}>{state}</Badge>
                  </div>
                  <p className="text-sm text-muted">
                    {formatShortDate(p.startDate)} – {formatShortDate(p.endDate)}
                    {p.code ? (
                      <>
                        {' · Code '}
                        <code className="font-mono font-semibold text-ink">{p.code}</code>
                        {` · ${describeDiscount({ ...p, minSpendCents: p.minSpend })}`}
                      </>
                    ) : (
                      ' · No code'
                    )}
                  </p>
                  <p className="text-sm text-ink">
                    {p.uses} {p.uses === 1 ? 'use' : 'uses'}
                    {p.held > 0 ? `, ${p.held} waiting for payment` : ''}
                    {limitText(p) ? ` · ${limitText(p)}` : ''}
                  </p>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(p)}
                      aria-label={`Edit ${p.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => toggle(p)}
                      disabled={save.isPending}
                      aria-label={`${p.isActive ? 'Deactivate' : 'Activate'} ${p.title}`}
                    >
                      {p.isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <PromotionFormDialog
          promotion={editing}
          open={creating || editing !== null}
          onOpenChange={(open) => {
            if (!open) {
              setCreating(false);
              setEditing(null);
            }
          }}
        />
      </section>
      <AnnouncementsPanel />
    </div>
  );
}
