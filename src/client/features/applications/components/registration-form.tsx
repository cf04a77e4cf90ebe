import {
  type ApplicationBody,
  type ApplicationInput,
  applicationBodySchema,
  REGISTRATION_PROVINCES,
} from '@shared/contract/applications';
import { CITIES } from '@shared/domain/ontario';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Textarea } from '@/components/ui/textarea';
import { PasswordRules } from '@/features/auth/password';
import { notify } from '@/lib/toast';
import { useSubmitApplication } from '../api/submit-application';
import {
  EMPTY_PRICE_ROW,
  type PricingMode,
  pricingProblem,
  registrationDefaults,
  submitErrorMessage,
  validPriceRows,
} from '../lib/registration-form';
import { DocumentsField } from './documents-field';
import { OperatingDaysField } from './operating-days-field';
import { PricingSection } from './pricing-section';
import { ProfileImageField } from './profile-image-field';
import { Section } from './registration-section';
import { useT, useValidationText } from '@/lib/i18n/i18n';

/** The professional registration form, validated by the application body schema. */
export function RegistrationForm({ onSubmitted }: { onSubmitted: (email: string) => void }) {
  const t = useT('applications');
  const submit = useSubmitApplication();
  const submitText = {
    emailTaken: t('submit.emailTaken'),
    failed: t('submit.failed'),
    network: t('submit.network'),
    unknown: t('submit.unknown'),
  };
  const [mode, setMode] = useState<PricingMode>('manual');
  const form = useForm<ApplicationBody, unknown, ApplicationInput>({
    resolver: zodResolver(applicationBodySchema),
    defaultValues: registrationDefaults(),
  });
  const { errors } = form.formState;
  const validationText = useValidationText();

  const changeMode = (next: PricingMode) => {
    setMode(next);
    form.setValue('hasPriceList', next === 'upload');
    form.clearErrors(['priceCatalog', 'priceListFile']);
  };

  const send = form.handleSubmit(
    (values) => {
      const body: ApplicationInput = {
        ...values,
        hasPriceList: mode === 'upload',
        priceListFile: mode === 'upload' ? values.priceListFile : null,
        priceListUrl: mode === 'upload' ? (values.priceListFile ?? '') : '',
        serviceCategory: 'General Services',
        applicantType: 'business',
      };
      submit.mutate(body, {
        onSuccess: () => onSubmitted(values.email),
        onError: (error) => notify('error', t('submit.failedTitle'), submitErrorMessage(error, submitText)),
      });
    },
    () => {
      // The schema compares the passwords only once every field is valid: say it now as well.
      const { password, confirmPassword } = form.getValues();
      if (confirmPassword !== password)
        form.setError('confirmPassword', { message: "Passwords don't match" });
      notify('error', t('submit.checkForm'), t('submit.checkFormText'));
    },
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = form.getValues();
    const problem = pricingProblem(mode, values as Parameters<typeof pricingProblem>[1], {
      title: t('pricing.missingTitle'),
      noPriceList: t('pricing.noPriceList'),
      noPricedService: t('pricing.noPricedService'),
    });
    if (problem) {
      notify('error', problem.title, problem.description);
      // Show every other field's message too, then the pricing one.
      await form.trigger(undefined, { shouldFocus: true });
      if (mode === 'manual')
        form.setError('priceCatalog', { message: 'At least one service with pricing is required' });
      else form.setError('priceListFile', { message: 'Upload a price list or add prices manually.' });
      return;
    }
    if (mode === 'upload') {
      // Half-filled rows are not part of an upload-mode application.
      const complete = (values.priceCatalog ?? []).filter(
        (row) => (row.serviceName ?? '').trim() !== '' && (row.price ?? '').trim() !== '',
      );
      form.setValue('priceCatalog', complete.length > 0 ? complete : [{ ...EMPTY_PRICE_ROW }]);
    }
    void send(event);
  };

  const pricedRows = validPriceRows(form.watch('priceCatalog'));

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('form.label')}
      className="grid gap-6"
    >
      <Section id="reg-photo" title={t('form.photo')}>
        <Controller
          control={form.control}
          name="profileImage"
          render={({ field }) => <ProfileImageField value={field.value} onChange={field.onChange} />}
        />
      </Section>

      <Section id="reg-personal" title={t('form.personal')} description={t('form.personalText')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('form.fullName')} error={errors.fullName?.message}>
            <Input autoComplete="name" {...form.register('fullName')} />
          </FormField>
          <FormField label={t('form.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </FormField>
          <FormField label={t('form.phone')} error={errors.phone?.message} className="sm:col-span-2">
            <Input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="416-555-0142"
              {...form.register('phone')}
            />
          </FormField>
          <FormField
            label={t('form.password')}
            error={errors.password?.message}
            hint={<PasswordRules />}
            className="content-start"
          >
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField
            label={t('form.confirmPassword')}
            error={errors.confirmPassword?.message}
            className="content-start"
          >
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </div>
      </Section>

      <Section id="reg-business" title={t('form.business')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('form.businessName')} error={errors.businessName?.message}>
            <Input autoComplete="organization" {...form.register('businessName')} />
          </FormField>
          <FormField label={t('form.businessNumber')} error={errors.businessNumber?.message}>
            <Input {...form.register('businessNumber')} />
          </FormField>
          <FormField
            label={t('form.googleUrl')}
            error={errors.googleBusinessUrl?.message}
            hint={t('form.googleUrlHint')}
            className="sm:col-span-2"
          >
            <Input
              type="url"
              inputMode="url"
              placeholder={t('form.googleUrlExample')}
              {...form.register('googleBusinessUrl')}
            />
          </FormField>
          <FormField label={t('form.city')} error={errors.city?.message}>
            <NativeSelect {...form.register('city')}>
              <option value="">{t('form.selectCity')}</option>
              {CITIES.map((city) => (
                <option key={city.value} value={city.value}>
                  {city.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t('form.province')} error={errors.province?.message}>
            <NativeSelect {...form.register('province')}>
              {REGISTRATION_PROVINCES.map((province) => (
                <option key={province.value} value={province.value}>
                  {t(`province.${province.value}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            label={t('form.servicesDescription')}
            error={errors.servicesDescription?.message}
            hint={t('form.servicesDescriptionHint')}
            className="sm:col-span-2"
          >
            <Textarea {...form.register('servicesDescription')} />
          </FormField>
        </div>
      </Section>

      <Section id="reg-hours" title={t('form.availability')}>
        <OperatingDaysField form={form} />
        <FormField label={t('form.hours')} error={errors.operatingHours?.message} hint={t('form.hoursHint')}>
          <Input {...form.register('operatingHours')} />
        </FormField>
      </Section>

      <Section id="reg-documents" title={t('form.documents')} description={t('form.documentsText')}>
        <Controller
          control={form.control}
          name="documents"
          render={({ field }) => (
            <DocumentsField
              value={field.value ?? []}
              onChange={(names) => {
                field.onChange(names);
                if (names.length > 0) form.clearErrors('documents');
              }}
              error={errors.documents?.message ?? errors.documents?.root?.message}
            />
          )}
        />
      </Section>

      <Section
        id="reg-pricing"
        title={t('form.pricing')}
        description={
          mode === 'manual' ? t('form.pricingManual', { count: pricedRows }) : t('form.pricingUpload')
        }
      >
        <PricingSection form={form} mode={mode} onModeChange={changeMode} />
      </Section>

      <div className="grid gap-4">
        <Controller
          control={form.control}
          name="agreedToTerms"
          render={({ field }) => (
            <div className="grid gap-1">
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id="reg-terms"
                  checked={field.value === true}
                  onCheckedChange={(next) => field.onChange(next === true)}
                  aria-invalid={errors.agreedToTerms ? true : undefined}
                  aria-describedby={errors.agreedToTerms ? 'reg-terms-error' : undefined}
                />
                <Label htmlFor="reg-terms" className="font-normal">
                  {t('form.agree')}{' '}
                  <Link to="/terms" target="_blank" className="font-semibold text-primary-700 underline">
                    {t('form.terms')}
                  </Link>
                </Label>
              </div>
              {errors.agreedToTerms ? (
                <p id="reg-terms-error" className="text-sm font-medium text-danger">
                  {validationText(errors.agreedToTerms.message ?? '')}
                </p>
              ) : null}
            </div>
          )}
        />
        <FormError message={submit.isError ? submitErrorMessage(submit.error, submitText) : null} />
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:justify-self-end"
          disabled={submit.isPending}
        >
          {submit.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
