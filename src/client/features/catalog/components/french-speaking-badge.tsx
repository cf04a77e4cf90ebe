import { servesInFrench } from '@shared/domain/service-languages';
import { LanguagesIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/i18n';

/**
 * "French-speaking" / "Services en français": on the cards, the provider page and the service page of
 * a provider who serves customers in French (issue 21); nothing for the others.
 */
export function FrenchSpeakingBadge({
  serviceLanguages,
  className,
}: {
  serviceLanguages: readonly string[];
  className?: string;
}) {
  const t = useT('catalog');
  if (!servesInFrench(serviceLanguages)) return null;
  return (
    <Badge variant="info" className={className} data-testid="french-speaking">
      <LanguagesIcon aria-hidden="true" />
      {t('card.frenchSpeaking')}
    </Badge>
  );
}
