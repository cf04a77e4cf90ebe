import { PROVINCES } from '@shared/domain/ontario';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/input';

/** Provinces and territories by code (ON, BC, ...) with their full names; a native select on phones. */
export function ProvinceSelect({
  placeholder = 'Select province',
  ...props
}: ComponentProps<'select'> & { placeholder?: string }) {
  return (
    <NativeSelect {...props}>
      <option value="">{placeholder}</option>
      {PROVINCES.map((province) => (
        <option key={province.code} value={province.code}>
          {province.name} ({province.code})
        </option>
      ))}
    </NativeSelect>
  );
}
