import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

/** /admin (admins only; the guard is in the route). */
export function AdminPage() {
  return <AdminDashboard />;
}
