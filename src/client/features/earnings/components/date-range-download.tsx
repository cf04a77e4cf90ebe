import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n/i18n';
import { csvUrl } from '../api/earnings';

/** From and To dates (Toronto days, both optional) and a link that downloads `base` as CSV for them. */
export function DateRangeDownload({ base, label }: { base: string; label: string }) {
  const t = useT('earnings');
  const id = useId();
  const [range, setRange] = useState({ from: '', to: '' });
  const href = csvUrl(base, { from: range.from || undefined, to: range.to || undefined });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-from`}>{t('csv.from')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={range.from}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-to`}>{t('csv.to')}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={range.to}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
        />
      </div>
      <Button asChild variant="outline">
        <a href={href} download>
          <DownloadIcon aria-hidden="true" />
          {label}
        </a>
      </Button>
    </div>
  );
}
