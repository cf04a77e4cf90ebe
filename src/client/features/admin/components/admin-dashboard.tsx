import { useState } from 'react';
import { PageMeta } from '@/components/layout/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PayoutsPanel, PayoutsTabLabel } from '@/features/earnings';
import { ReviewModerationPanel } from '@/features/reviews/back-office';
import type { ApplicationFilter } from '../lib/admin-view';
import { ApplicationsTab } from './applications-tab';
import { AuditPanel } from './audit-panel';
import { BookingsPanel } from './bookings-panel';
import { JobsPanel } from './jobs-panel';
import { OverviewTab } from './overview-tab';
import { PromotionalEmailPanel } from './promotional-email-panel';
import { PromotionsPanel } from './promotions-panel';
import { UsersPanel } from './users-panel';
import { useT } from '@/lib/i18n/i18n';

type AdminTab =
  | 'overview'
  | 'apps'
  | 'bookings'
  | 'users'
  | 'jobs'
  | 'reviews'
  | 'offers'
  | 'promote'
  | 'audit'
  | 'payouts';

/**
 * /admin: 'Admin Dashboard / Platform Management' with Overview, Apps, Bookings, Users, Jobs, Reviews,
 * Promotions (and announcements), Promote and Audit.
 */
export function AdminDashboard() {
  const t = useT('admin');
  const [tab, setTab] = useState<AdminTab>('overview');
  const [filter, setFilter] = useState<ApplicationFilter>('all');
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:py-10 lg:px-6">
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">{t('meta.title')}</h1>
        <p className="mt-1 text-muted">{t('dashboard.subtitle')}</p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setTab(value as AdminTab)}>
        <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto sm:flex-wrap">
          <TabsTrigger value="overview" className="px-2 sm:px-4">
            {t('tab.overview')}
          </TabsTrigger>
          <TabsTrigger value="apps" className="px-2 sm:px-4">
            {t('tab.apps')}
          </TabsTrigger>
          <TabsTrigger value="bookings" className="px-2 sm:px-4">
            {t('tab.bookings')}
          </TabsTrigger>
          <TabsTrigger value="users" className="px-2 sm:px-4">
            {t('tab.users')}
          </TabsTrigger>
          <TabsTrigger value="jobs" className="px-2 sm:px-4">
            {t('tab.jobs')}
          </TabsTrigger>
          <TabsTrigger value="reviews" className="px-2 sm:px-4">
            {t('tab.reviews')}
          </TabsTrigger>
          <TabsTrigger value="offers" className="px-2 sm:px-4">
            {t('tab.offers')}
          </TabsTrigger>
          <TabsTrigger value="promote" className="px-2 sm:px-4">
            {t('tab.promote')}
          </TabsTrigger>
          <TabsTrigger value="audit" className="px-2 sm:px-4">
            {t('tab.audit')}
          </TabsTrigger>
          <TabsTrigger value="payouts" className="px-2 sm:px-4">
            <PayoutsTabLabel />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab
            onReview={() => {
              setFilter('pending');
              setTab('apps');
            }}
          />
        </TabsContent>
        <TabsContent value="apps">
          <ApplicationsTab filter={filter} onFilterChange={setFilter} />
        </TabsContent>
        <TabsContent value="bookings">
          <BookingsPanel />
        </TabsContent>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsPanel />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewModerationPanel />
        </TabsContent>
        <TabsContent value="offers">
          <PromotionsPanel />
        </TabsContent>
        <TabsContent value="promote">
          <PromotionalEmailPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditPanel />
        </TabsContent>
        <TabsContent value="payouts">
          <PayoutsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
