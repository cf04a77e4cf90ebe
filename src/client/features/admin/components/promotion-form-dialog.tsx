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
          notify('success', promotion ? 'Promotion saved' : 'Promotion created', saved.title);
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
        title={promotion ? `Edit ${promotion.title}` : 'New promotion'}
        description="Shown on Promotions between its dates while active. A code takes its discount off the service price at checkout."
      >
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Promotion">
          <FormError message={save.isError ? errorMessage(save.error, 'Please try again.') : null} />
          <FormField label="Title" error={errors.title?.message}>
            <Input maxLength={120} {...form.register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={3} maxLength={500} {...form.register('description')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Redeem Now opens"
              error={errors.linkUrl?.message}
              hint="A page such as /services/home-cleaning"
            >
              <Input {...form.register('linkUrl')} />
            </FormField>
            <FormField
              label="Image (optional)"
              error={errors.imageUrl?.message}
              hint="/images/promotions/...svg"
            >
              <Input {...form.register('imageUrl')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label="Code (optional)"
              error={errors.code?.message}
              hint="3 to 20 letters, digits or dashes"
            >
              <Input className="font-mono uppercase" autoComplete="off" {...form.register('code')} />
            </FormField>
            <FormField label="Discount" error={errors.discountType?.message}>
              <NativeSelect {...form.register('discountType')}>
                <option value="percent">Percent off</option>
                <option value="fixed">Dollars off</option>
                <option value="none">No discount</option>
              </NativeSelect>
            </FormField>
            <FormField
              label={discountType === 'fixed' ? 'Amount off ($)' : 'Percent off (%)'}
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
            <FormField label="Minimum spend ($)" error={errors.minSpend?.message} hint="On the service price">
              <Input inputMode="decimal" {...form.register('minSpend')} />
            </FormField>
            <FormField label="Total uses" error={errors.maxUses?.message} hint="Empty: no limit">
              <Input inputMode="numeric" {...form.register('maxUses')} />
            </FormField>
            <FormField
              label="Uses per customer"
              error={errors.maxUsesPerCustomer?.message}
              hint="Empty: no limit"
            >
              <Input inputMode="numeric" {...form.register('maxUsesPerCustomer')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="First day"
              error={errors.startDate?.message}
              hint="From midnight, Toronto time (ET)"
            >
              <Input type="date" {...form.register('startDate')} />
            </FormField>
            <FormField label="Last day" error={errors.endDate?.message} hint="Until 11:59 PM ET">
              <Input type="date" {...form.register('endDate')} />
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="categoryIds"
            render={({ field }) => (
              <CheckList
                legend="Categories"
                hint="None checked: every category."
                options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
                legend="Cities"
                hint="None checked: everywhere in Ontario."
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
                <Label htmlFor="promotion-active">Active (shown between its dates, code accepted)</Label>
              </div>
            )}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={save.isPending}>
              {promotion ? 'Save promotion' : 'Create promotion'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
