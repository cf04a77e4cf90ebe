import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPromotion, PromotionBody } from '@shared/contract/promotions';
import { CITIES } from '@shared/domain/ontario';
import { torontoDate } from '@shared/domain/time';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useCategories } from '@/features/catalog';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useSavePromotion } from '../api/promotions';
import { type PromotionFormValues, promotionFormSchema, promotionFormValues } from '../lib/promotion-form';
import { useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

/** A set of checkboxes bound to a string array of the form (categories, cities). */
function CheckList({
  legend,
  hint,
  options,
  value,
  onChange,
}: {
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <p className="text-xs text-muted">{hint}</p>
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 py-1 sm:grid-cols-2">
        {options.map((option) => {
          const id = `${legend}-${option.value}`.replace(/\W+/g, '-');
          return (
            <div key={option.value} className="flex items-center gap-3">
              <Checkbox
                id={id}
                checked={value.includes(option.value)}
                onCheckedChange={(checked) =>
                  onChange(checked ? [...value, option.value] : value.filter((v) => v !== option.value))
                }
              />
              <label htmlFor={id} className="text-sm text-ink">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * New or Edit promotion (docs/product.md §7): its texts, an optional code with its discount, minimum
 * spend, categories, cities, limits, dates (whole Toronto days) and whether it is active.
 */
export function PromotionFormDialog({
  promotion,
  open,
  onOpenChange,
}: {
  /** null: a new promotion. */
  promotion: AdminPromotion | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('admin');
  const categoryName = useCategoryName();
  const categories = useCategories();
  const save = useSavePromotion();
  const form = useForm<PromotionFormValues, unknown, PromotionBody>({
    resolver: zodResolver(promotionFormSchema),
    values: promotionFormValues(promotion, torontoDate(new Date())),
  });
  const { errors } = form.formState;
  const discountType = form.watch('discountType');
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: promotion?.id, body },
      {
        onSuccess: (saved) => {
          notify('success', promotion ? t('promotion.saved') : t('promotion.created'), saved.title);
          onOpenChange(false);
        },
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={promotion ? t('promotions.editTitle', { title: promotion.title }) : t('promotions.new')}
        description={t('promotion.description')}
      >
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('promotion.formLabel')}>
          <FormError message={save.isError ? errorMessage(save.error, t('tryAgain')) : null} />
          <FormField label={t('promotion.title')} error={errors.title?.message}>
            <Input maxLength={120} {...form.register('title')} />
          </FormField>
          <FormField label={t('promotion.descriptionLabel')} error={errors.description?.message}>
            <Textarea rows={3} maxLength={500} {...form.register('description')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('promotion.link')}
              error={errors.linkUrl?.message}
              hint={t('promotion.linkHint')}
            >
              <Input {...form.register('linkUrl')} />
            </FormField>
            <FormField
              label={t('promotion.image')}
              error={errors.imageUrl?.message}
              hint={t('promotion.imageHint')}
            >
              <Input {...form.register('imageUrl')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label={t('promotion.code')}
              error={errors.code?.message}
              hint={t('promotion.codeHint')}
            >
              <Input className="font-mono uppercase" autoComplete="off" {...form.register('code')} />
            </FormField>
            <FormField label={t('promotion.discount')} error={errors.discountType?.message}>
              <NativeSelect {...form.register('discountType')}>
                <option value="percent">{t('promotion.percent')}</option>
                <option value="fixed">{t('promotion.fixed')}</option>
                <option value="none">{t('promotions.noDiscount')}</option>
              </NativeSelect>
            </FormField>
            <FormField
              label={discountType === 'fixed' ? t('promotion.amountOff') : t('promotion.percentOff')}
              error={errors.discountValue?.message}
            >
              <Input
                inputMode="decimal"
                disabled={discountType === 'none'}
                {...form.register('discountValue')}
              />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label={t('promotion.minSpend')}
              error={errors.minSpend?.message}
              hint={t('promotion.minSpendHint')}
            >
              <Input inputMode="decimal" {...form.register('minSpend')} />
            </FormField>
            <FormField
              label={t('promotion.totalUses')}
              error={errors.maxUses?.message}
              hint={t('promotion.noLimit')}
            >
              <Input inputMode="numeric" {...form.register('maxUses')} />
            </FormField>
            <FormField
              label={t('promotion.perCustomer')}
              error={errors.maxUsesPerCustomer?.message}
              hint={t('promotion.noLimit')}
            >
              <Input inputMode="numeric" {...form.register('maxUsesPerCustomer')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('promotion.firstDay')}
              error={errors.startDate?.message}
              hint={t('promotion.firstDayHint')}
            >
              <Input type="date" {...form.register('startDate')} />
            </FormField>
            <FormField
              label={t('promotion.lastDay')}
              error={errors.endDate?.message}
              hint={t('promotion.lastDayHint')}
            >
              <Input type="date" {...form.register('endDate')} />
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="categoryIds"
            render={({ field }) => (
              <CheckList
                legend={t('promotion.categories')}
                hint={t('promotion.categoriesHint')}
                options={(categories.data ?? []).map((c) => ({
                  value: String(c.id),
                  label: categoryName(c.slug, c.name),
                }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="cities"
            render={({ field }) => (
              <CheckList
                legend={t('promotion.cities')}
                hint={t('promotion.citiesHint')}
                options={CITIES.map((c) => ({ value: c.value, label: c.label }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Switch id="promotion-active" checked={field.value} onCheckedChange={field.onChange} />
                <Label htmlFor="promotion-active">{t('promotion.active')}</Label>
              </div>
            )}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" busy={save.isPending}>
              {promotion ? t('promotion.save') : t('promotion.create')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
