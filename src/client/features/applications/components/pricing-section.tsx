import type { ApplicationBody, ApplicationInput } from '@shared/contract/applications';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Controller, type FieldErrors, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EMPTY_PRICE_ROW, type PricingMode } from '../lib/registration-form';
import { PriceListField } from './price-list-field';
import { useT, useValidationText } from '@/lib/i18n/i18n';

function arrayMessage(errors: FieldErrors<ApplicationBody>['priceCatalog']): string | undefined {
  if (!errors) return undefined;
  return errors.message ?? errors.root?.message;
}

/** Service Pricing: 'Enter Manually' (default; rows of name, price, description, duration) or 'Upload Price List'. */
export function PricingSection({
  form,
  mode,
  onModeChange,
}: {
  form: UseFormReturn<ApplicationBody, unknown, ApplicationInput>;
  mode: PricingMode;
  onModeChange: (mode: PricingMode) => void;
}) {
  const t = useT('applications');
  const validationText = useValidationText();
  const rows = useFieldArray({ control: form.control, name: 'priceCatalog' });
  const { errors } = form.formState;

  return (
    <Tabs value={mode} onValueChange={(next) => onModeChange(next as PricingMode)}>
      <TabsList aria-label={t('pricing.how')} className="w-full sm:w-auto">
        <TabsTrigger value="manual" className="flex-1 sm:flex-none">
          {t('pricing.manual')}
        </TabsTrigger>
        <TabsTrigger value="upload" className="flex-1 sm:flex-none">
          {t('pricing.upload')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="manual" className="grid gap-4">
        <FormError message={validationText(arrayMessage(errors.priceCatalog) ?? '') || null} />
        <ol className="grid gap-4">
          {rows.fields.map((row, index) => {
            const rowErrors = errors.priceCatalog?.[index];
            return (
              <li key={row.id} className="grid gap-3 rounded-xl border border-line bg-canvas p-4">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold text-ink">
                    {t('pricing.service', { number: index + 1 })}
                  </h3>
                  {rows.fields.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger hover:bg-danger-soft"
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2Icon aria-hidden="true" />
                      {t('remove')}
                      <span className="sr-only"> {t('pricing.serviceNumber', { number: index + 1 })}</span>
                    </Button>
                  ) : null}
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField label={t('pricing.serviceName')} error={rowErrors?.serviceName?.message}>
                    <Input
                      placeholder={t('pricing.serviceNameExample')}
                      {...form.register(`priceCatalog.${index}.serviceName`)}
                    />
                  </FormField>
                  <FormField label={t('pricing.price')} error={rowErrors?.price?.message}>
                    <Input
                      inputMode="decimal"
                      placeholder={t('pricing.priceExample')}
                      {...form.register(`priceCatalog.${index}.price`)}
                    />
                  </FormField>
                  <FormField label={t('pricing.description')} error={rowErrors?.description?.message}>
                    <Input
                      placeholder={t('pricing.descriptionExample')}
                      {...form.register(`priceCatalog.${index}.description`)}
                    />
                  </FormField>
                  <FormField label={t('pricing.duration')} error={rowErrors?.duration?.message}>
                    <Input
                      placeholder={t('pricing.durationExample')}
                      {...form.register(`priceCatalog.${index}.duration`)}
                    />
                  </FormField>
                </div>
              </li>
            );
          })}
        </ol>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={() => rows.append({ ...EMPTY_PRICE_ROW })}
          disabled={rows.fields.length >= 30}
        >
          <PlusIcon aria-hidden="true" />
          {t('pricing.addService')}
        </Button>
      </TabsContent>
      <TabsContent value="upload">
        <Controller
          control={form.control}
          name="priceListFile"
          render={({ field }) => (
            <PriceListField
              value={field.value ?? ''}
              onChange={(filename) => {
                field.onChange(filename);
                if (filename) form.clearErrors('priceListFile');
              }}
              error={errors.priceListFile?.message}
            />
          )}
        />
      </TabsContent>
    </Tabs>
  );
}
