import type { AdminPromotion } from '@shared/contract/promotions';
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
import { useFormat, useT } from '@/lib/i18n/i18n';

/**
 * The Promotions tab (docs/product.md §7): every promotion with its state, code, discount and uses;
 * New, Edit, and Activate or Deactivate in one click. Announcements below. Each change is audited.
 */
export function PromotionsPanel() {
  const t = useT('admin');
  const format = useFormat();
  const limitText = (p: AdminPromotion) =>
    [
      p.maxUses === null ? null : t('promotions.usesTaken', { taken: p.uses + p.held, max: p.maxUses }),
      p.maxUsesPerCustomer === null ? null : t('promotions.perCustomer', { count: p.maxUsesPerCustomer }),
    ]
      .filter(Boolean)
      .join(' · ');
  const discount = (p: AdminPromotion) => {
    if (!p.discountType || !p.discountValue) return t('promotions.noDiscount');
    const off =
      p.discountType === 'percent'
        ? t('promotions.percentOff', { value: format.number(p.discountValue) })
        : t('promotions.amountOff', { amount: format.money(p.discountValue) });
    return p.minSpend > 0 ? t('promotions.minSpend', { off, amount: format.money(p.minSpend) }) : off;
  };
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
          notify(
            'success',
            saved.isActive ? t('promotions.activated') : t('promotions.deactivated'),
            saved.title,
          ),
        onError: (error) => notify('error', t('promotions.notSaved'), errorMessage(error, t('tryAgain'))),
      },
    );

  return (
    <div className="grid gap-10">
      <section aria-labelledby="promotions-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="promotions-title" className="text-xl font-semibold text-ink">
              {t('tab.offers')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('promotions.intro')}</p>
          </div>
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            {t('promotions.new')}
          </Button>
        </div>
        {promotions.isPending ? (
          <div role="status" aria-label={t('promotions.loading')} className="grid gap-3">
            <Skeleton className="h-28 w-full rounded-(--radius-card)" />
            <Skeleton className="h-28 w-full rounded-(--radius-card)" />
          </div>
        ) : promotions.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(promotions.error, t('promotions.loadFailed'))}
          </p>
        ) : promotions.data.length === 0 ? (
          <p className="text-sm text-muted">{t('promotions.none')}</p>
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
                    <Badge variant={state === 'Running' ? 'verified' : 'neutral'}>
                      {t(`promotions.state.${state}`)}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted">
                    {format.shortDate(p.startDate)} – {format.shortDate(p.endDate)}
                    {p.code ? (
                      <>
                        {` · ${t('promotions.code')} `}
                        <code className="font-mono font-semibold text-ink">{p.code}</code>
                        {` · ${discount(p)}`}
                      </>
                    ) : (
                      ` · ${t('promotions.noCode')}`
                    )}
                  </p>
                  <p className="text-sm text-ink">
                    {t('promotions.uses', { count: p.uses })}
                    {p.held > 0 ? `, ${t('promotions.held', { count: p.held })}` : ''}
                    {limitText(p) ? ` · ${limitText(p)}` : ''}
                  </p>
                  <div className="flex flex-wrap justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(p)}
                      aria-label={t('promotions.editTitle', { title: p.title })}
                    >
                      {t('promotions.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => toggle(p)}
                      disabled={save.isPending}
                      aria-label={t(p.isActive ? 'promotions.deactivateTitle' : 'promotions.activateTitle', {
                        title: p.title,
                      })}
                    >
                      {p.isActive ? t('promotions.deactivate') : t('promotions.activate')}
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
