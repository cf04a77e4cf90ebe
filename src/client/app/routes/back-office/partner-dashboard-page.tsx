import { PartnerDashboard } from '@/features/partner/components/partner-dashboard';

/** /partner-dashboard (signed in; the partner-status check decides the rest). */
export function PartnerDashboardPage() {
  return <PartnerDashboard />;
}
