import { PROVINCES } from '@shared/domain/ontario';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';
import { useTOptional, useT } from '@/lib/i18n/i18n';

/** A province's or territory's name in the page's language, by its code (`ON`): `Québec` in French. */
export function useProvinceName(): (code: string) => string {
  const t = useTOptional('account');
  return (code) => t(`province.${code}`, PROVINCES.find((p) => p.code === code)?.name ?? code);
}

/** Provinces and territories by code (ON, BC, ...) with their full names; a native select on phones. */
export function ProvinceSelect({
  placeholder,
  ...props
}: ComponentProps<'select'> & { placeholder?: string }) {
  const t = useT('account');
  const name = useProvinceName();
  return (
    <NativeSelect {...props}>
      <option value="">{placeholder ?? t('province.select')}</option>
      {PROVINCES.map((province) => (
        <option key={province.code} value={province.code}>
          {name(province.code)} ({province.code})
        </option>
      ))}
    </NativeSelect>
  );
}
