import { partnerStats } from '@shared/contract/partner';
import { CalendarDaysIcon, CheckCircle2Icon, DollarSignIcon, HourglassIcon, LockIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/layout/page-meta';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/list-states';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthLoading } from '@/features/auth';
import { EarningsTab, EarningsTabLabel, useNetEarnings } from '@/features/earnings';
import { PartnerReviewsTab } from '@/features/reviews/back-office';
import { usePartnerBookings } from '../api/get-partner-bookings';
import { usePartnerStatus } from '../api/get-partner-status';
import { ApplicationStatus } from './application-status';
import { PartnerBookingsTab } from './partner-bookings-tab';
import { ScheduleTab } from './schedule-tab';
import { ServicesTab } from './services-tab';
import { useFormat, useT } from '@/lib/i18n/i18n';

function useMeta() {
  const t = useT('partner');
  return { title: t('meta.title'), description: t('meta.description') };
}

function AccessRestricted() {
  const t = useT('partner');
  const meta = useMeta();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <PageMeta {...meta} />
      <LockIcon className="mx-auto size-12 text-muted" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink">{t('restricted.title')}</h1>
      <p className="mt-2 text-muted">{t('restricted.text')}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/register-professional">{t('restricted.register')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t('backHome')}</Link>
        </Button>
      </div>
    </div>
  );
}

function Dashboard() {
  const t = useT('partner');
  const format = useFormat();
  const meta = useMeta();
  const bookings = usePartnerBookings();
  const stats = partnerStats(bookings.data ?? []);
  const loading = bookings.isPending;
  // Revenue is net earnings from the ledger (docs/product.md §17), not a sum on the screen.
  const revenue = useNetEarnings();
  // Stripe's onboarding comes back to ?tab=earnings.
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:py-10 lg:px-6">
      <PageMeta {...meta} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{t('meta.title')}</h1>
        <p className="mt-1 text-muted">{t('dashboard.subtitle')}</p>
      </header>
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('stats.total')} value={stats.total} icon={CalendarDaysIcon} loading={loading} />
        <StatCard
          label={t('stats.pending')}
          value={stats.pending}
          icon={HourglassIcon}
          tone="accent"
          loading={loading}
        />
        <StatCard
          label={t('stats.completed')}
          value={stats.completed}
          icon={CheckCircle2Icon}
          tone="neutral"
          loading={loading}
        />
        <StatCard
          label={t('stats.revenue')}
          value={format.money(revenue.cents)}
          icon={DollarSignIcon}
          loading={revenue.loading}
        />
      </div>
      <Tabs defaultValue={params.get('tab') === 'earnings' ? 'earnings' : 'bookings'}>
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="bookings">{t('tab.bookings')}</TabsTrigger>
          <TabsTrigger value="schedule">{t('tab.schedule')}</TabsTrigger>
          <TabsTrigger value="services">{t('tab.services')}</TabsTrigger>
          <TabsTrigger value="reviews">{t('tab.reviews')}</TabsTrigger>
          <TabsTrigger value="earnings">
            <EarningsTabLabel />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="bookings">
          <PartnerBookingsTab />
        </TabsContent>
        <TabsContent value="schedule">
          <ScheduleTab />
        </TabsContent>
        <TabsContent value="services">
          <ServicesTab />
        </TabsContent>
        <TabsContent value="reviews">
          <PartnerReviewsTab />
        </TabsContent>
        <TabsContent value="earnings">
          <EarningsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function StatusFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT('partner');
  const meta = useMeta();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PageMeta {...meta} />
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-ink">{t('meta.title')}</h1>
      <LoadError message={t('status.loadFailed')} error={error} onRetry={onRetry} />
    </div>
  );
}

/** /partner-dashboard: for approved partners; anyone else signed in sees 'Access Restricted'. */
export function PartnerDashboard() {
  const status = usePartnerStatus();
  if (status.isPending) return <AuthLoading />;
  // A status that could not be checked is not a refusal: an approved partner must not read "Access
  // Restricted" because the server did not answer.
  if (status.isError) return <StatusFailed error={status.error} onRetry={() => void status.refetch()} />;
  // An applicant sees where their application stands and what comes next, not a dead end.
  if (!status.data.isPartner && status.data.application && status.data.application.status !== 'approved')
    return <ApplicationStatus application={status.data.application} />;
  if (!status.data.isPartner) return <AccessRestricted />;
  return <Dashboard />;
}
