import { BRAND_LABELS, type CardBrand } from '@shared/domain/cards';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/i18n';

const BRANDS: CardBrand[] = ['visa', 'mastercard', 'amex'];
const SHORT: Record<CardBrand, string> = { visa: 'VISA', mastercard: 'Mastercard', amex: 'AMEX' };

/** Visa, Mastercard and American Express; the detected brand is highlighted. */
export function AcceptedBrands({ active }: { active?: CardBrand | null }) {
  const t = useT('booking');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs font-medium text-muted">{t('card.weAccept')}</span>
      <ul className="flex gap-1.5" aria-label={t('card.accepted')}>
        {BRANDS.map((brand) => (
          <li
            key={brand}
            title={BRAND_LABELS[brand]}
            className={cn(
              'rounded-md border px-2 py-0.5 text-[11px] font-bold tracking-wide',
              active === brand
                ? 'border-primary-700 bg-primary-700 text-white'
                : 'border-line bg-surface text-ink',
              active && active !== brand && 'opacity-50',
            )}
          >
            {SHORT[brand]}
          </li>
        ))}
      </ul>
    </div>
  );
}
