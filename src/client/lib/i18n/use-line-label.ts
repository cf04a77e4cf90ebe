import { useT } from './i18n';

/**
 * A money line's words in the page's language (docs/product.md §7), from its kind and the words the
 * server or shared/domain/price-lines.ts gave it (which carry the rate and the promo code):
 * `Service fee (3%)` is `Frais de service (3 %)`.
 */
export function useLineLabel(): (line: { kind: string; label: string }) => string {
  const t = useT('ui');
  return ({ kind, label }) => {
    const rate = /\(([\d.]+)%\)/.exec(label)?.[1] ?? '';
    switch (kind) {
      case 'service':
        return t('line.service');
      case 'discount': {
        const code = /^Promo code (.+)$/.exec(label)?.[1];
        return code ? t('line.promo', { code }) : t('line.discount');
      }
      case 'service_fee':
        return t('line.fee', { rate });
      case 'hst_service':
        return t('line.hstService', { rate });
      case 'hst_fee':
        return t('line.hstFee', { rate });
      default:
        return label;
    }
  };
}
