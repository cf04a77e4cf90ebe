import { zodResolver } from '@hookform/resolvers/zod';
import { type SellerTaxDetails, sellerTaxDetailsBodySchema } from '@shared/contract/earnings';
import { PROVINCE_CODES, provinceName } from '@shared/domain/ontario';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/errors';
import { useT } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useSaveTaxDetails, useTaxDetails } from '../api/earnings';

type FormInput = z.input<typeof sellerTaxDetailsBodySchema>;
type FormOutput = z.output<typeof sellerTaxDetailsBodySchema>;

function defaultsOf(saved: SellerTaxDetails | null): FormInput {
  return {
    legalName: saved?.legalName ?? '',
    businessNumber: saved?.businessNumber ?? '',
    address: {
      street: saved?.address.street ?? '',
      unit: saved?.address.unit ?? '',
      city: saved?.address.city ?? '',
      province: saved?.address.province ?? 'ON',
      postalCode: saved?.address.postalCode ?? '',
    },
  };
}

function Form({ saved }: { saved: SellerTaxDetails | null }) {
  const t = useT('earnings');
  const save = useSaveTaxDetails();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(sellerTaxDetailsBodySchema),
    defaultValues: defaultsOf(saved),
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notify('success', t('tax.saved'), t('tax.savedDetail')),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <FormField label={t('tax.legalName')} error={errors.legalName?.message} hint={t('tax.legalNameHint')}>
        <Input autoComplete="organization" {...form.register('legalName')} />
      </FormField>
      <FormField
        label={t('tax.businessNumber')}
        error={errors.businessNumber?.message}
        hint={t('tax.businessNumberHint')}
      >
        <Input inputMode="numeric" {...form.register('businessNumber')} />
      </FormField>
      <FormField label={t('tax.street')} error={errors.address?.street?.message}>
        <Input autoComplete="address-line1" {...form.register('address.street')} />
      </FormField>
      <FormField label={t('tax.unit')} error={errors.address?.unit?.message}>
        <Input autoComplete="address-line2" {...form.register('address.unit')} />
      </FormField>
      <FormField label={t('tax.city')} error={errors.address?.city?.message}>
        <Input autoComplete="address-level2" {...form.register('address.city')} />
      </FormField>
      <FormField label={t('tax.province')} error={errors.address?.province?.message}>
        <NativeSelect {...form.register('address.province')}>
          {PROVINCE_CODES.map((code) => (
            <option key={code} value={code}>
              {provinceName(code)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={t('tax.postalCode')} error={errors.address?.postalCode?.message}>
        <Input autoComplete="postal-code" {...form.register('address.postalCode')} />
      </FormField>
      <div className="grid gap-2 sm:col-span-2">
        <FormError message={save.isError ? errorMessage(save.error, t('tax.failed')) : null} />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('tax.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The seller details CRA platform reporting needs (Part XX): legal name, business number, address. */
export function TaxDetailsSection() {
  const t = useT('earnings');
  const details = useTaxDetails();
  return (
    <section
      aria-labelledby="earnings-tax"
      className="grid gap-2 rounded-(--radius-card) border border-line bg-surface p-3"
    >
      <h3 id="earnings-tax" className="font-semibold text-ink">
        {t('tax.title')}
      </h3>
      <p className="text-sm text-muted">{t('tax.why')}</p>
      {details.isPending ? null : details.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(details.error, t('error'))}
        </p>
      ) : (
        <Form saved={details.data} />
      )}
    </section>
  );
}
