import type { ApplicationBody, ApplicationInput } from '@shared/contract/applications';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Controller, type FieldErrors, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { EMPTY_PRICE_ROW, type PricingMode } from '../lib/registration-form';
import { PriceListField } from './price-list-field';

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
  const rows = useFieldArray({ control: form.control, name: 'priceCatalog' });
  const { errors } = form.formState;

  return (
    <Tabs value={mode} onValueChange={(next) => onModeChange(next as PricingMode)}>
      <TabsList aria-label="How to give your prices" className="w-full sm:w-auto">
        <TabsTrigger value="manual" className="flex-1 sm:flex-none">
          Enter Manually
        </TabsTrigger>
        <TabsTrigger value="upload" className="flex-1 sm:flex-none">
          Upload Price List
        </TabsTrigger>
      </TabsList>
      <TabsContent value="manual" className="grid gap-4">
        <FormError message={arrayMessage(errors.priceCatalog)} />
        <ol className="grid gap-4">
          {rows.fields.map((row, index) => {
            const rowErrors = errors.priceCatalog?.[index];
            return (
              <li key={row.id} className="grid gap-3 rounded-xl border border-line bg-canvas p-4">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold text-ink">Service {index + 1}</h3>
                  {rows.fields.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger hover:bg-danger-soft"
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2Icon aria-hidden="true" />
                      Remove<span className="sr-only"> service {index + 1}</span>
                    </Button>
                  ) : null}
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField label="Service Name" error={rowErrors?.serviceName?.message}>
                    <Input
                      placeholder="e.g. Deep Cleaning"
                      {...form.register(`priceCatalog.${index}.serviceName`)}
                    />
                  </FormField>
                  <FormField label="Price (CAD)" error={rowErrors?.price?.message}>
                    <Input
                      inputMode="decimal"
                      placeholder="e.g. 120"
                      {...form.register(`priceCatalog.${index}.price`)}
                    />
                  </FormField>
                  <FormField label="Description (optional)" error={rowErrors?.description?.message}>
                    <Input
                      placeholder="What's included"
                      {...form.register(`priceCatalog.${index}.description`)}
                    />
                  </FormField>
                  <FormField label="Duration (optional)" error={rowErrors?.duration?.message}>
                    <Input placeholder="e.g. 2 hours" {...form.register(`priceCatalog.${index}.duration`)} />
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
          Add Another Service
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
