import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { usePreloadedNamespaces } from '@/lib/i18n/i18n';

/** /admin (admins only; the guard is in the route). Its tabs' catalogs load with it. */
export function AdminPage() {
  usePreloadedNamespaces(['admin', 'backoffice', 'applications', 'reviews']);
  return <AdminDashboard />;
}
