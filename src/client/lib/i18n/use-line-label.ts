import { lineWords } from '@shared/domain/price-lines';
import { useT } from './i18n';

/**
 * A money line's words in the page's language (docs/product.md §7), from its kind and the words the
 * server or shared/domain/price-lines.ts gave it (which carry the rate and the promo code):
 * `Service fee (3%)` is `Frais de service (3 %)`.
 */
export function useLineLabel(): (line: { kind: string; label: string }) => string {
  const t = useT('ui');
  return (line) => {
    const words = lineWords(line);
    return words ? t(`line.${words.key}`, words.values) : line.label;
  };
}
