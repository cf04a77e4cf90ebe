import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
} from '@shared/contract/audit';
import { FilterIcon, XIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { type AuditFilters, NO_AUDIT_FILTERS } from '../lib/audit-view';
import { useT } from '@/lib/i18n/i18n';

/** The Audit tab's filters: edited here, applied with Show entries (or cleared at once). */
export function AuditFiltersForm({
  applied,
  admins,
  onApply,
}: {
  applied: AuditFilters;
  admins: { id: number; name: string | null }[];
  onApply: (filters: AuditFilters) => void;
}) {
  const t = useT('admin');
  const [draft, setDraft] = useState(applied);
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const filtered = Object.values(applied).some(Boolean);
  return (
    <form
      aria-label={t('audit.filterLabel')}
      onSubmit={submit}
      className="grid gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FormField label={t('audit.action')}>
          <NativeSelect
            value={draft.action}
            onChange={(e) => set('action', e.target.value as AuditAction | '')}
          >
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.action.${action}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('audit.admin')}>
          <NativeSelect value={draft.adminId} onChange={(e) => set('adminId', e.target.value)}>
            <option value="">{t('audit.allAdmins')}</option>
            {admins.map((admin) => (
              <option key={admin.id} value={String(admin.id)}>
                {admin.name ?? t('audit.deletedAccount', { id: admin.id })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('audit.target')}>
          <NativeSelect
            value={draft.targetType}
            onChange={(e) => set('targetType', e.target.value as AuditTargetType | '')}
          >
            <option value="">{t('audit.anything')}</option>
            {AUDIT_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.target.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('audit.targetNumber')} hint={t('audit.targetNumberHint')}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={draft.targetId}
            onChange={(e) => set('targetId', e.target.value)}
          />
        </FormField>
        <FormField label={t('audit.from')}>
          <Input type="date" value={draft.fromDay} onChange={(e) => set('fromDay', e.target.value)} />
        </FormField>
        <FormField label={t('audit.to')}>
          <Input type="date" value={draft.toDay} onChange={(e) => set('toDay', e.target.value)} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <FilterIcon aria-hidden="true" />
          {t('audit.show')}
        </Button>
        {filtered ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(NO_AUDIT_FILTERS);
              onApply(NO_AUDIT_FILTERS);
            }}
          >
            <XIcon aria-hidden="true" />
            {t('audit.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
