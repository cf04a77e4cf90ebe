import { PartnerDashboard } from '@/features/partner/components/partner-dashboard';
import { usePreloadedNamespaces } from '@/lib/i18n/i18n';

/** /partner-dashboard (signed in; the partner-status check decides the rest). Its tabs' catalogs load with it. */
export function PartnerDashboardPage() {
  usePreloadedNamespaces(['partner', 'backoffice', 'reviews', 'policy']);
  return <PartnerDashboard />;
}
