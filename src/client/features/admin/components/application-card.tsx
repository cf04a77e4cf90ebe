import type { AdminApplication } from '@shared/contract/admin';
import { displayFilename } from '@shared/contract/applications';
import { cityLabel } from '@shared/domain/ontario';
import {
  CalendarDaysIcon,
  CheckIcon,
  ClockIcon,
  DownloadIcon,
  MailIcon,
  MapPinIcon,
  MessageCircleQuestionIcon,
  PhoneIcon,
  TagIcon,
  XIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDownloadDocument } from '../api/download-document';
import { awaitsDecision, canAskForInformation, pricedServiceCount } from '../lib/admin-view';
import { ApplicationExchange } from './application-exchange';
import { ApplicationStatusBadge } from './application-status-badge';
import type { Decision } from './decision-dialog';
import { useFormat, useT } from '@/lib/i18n/i18n';
import { useCategoryName } from '@/lib/i18n/use-category-name';

/** One application: status, contact, place, hours, priced services, documents and, when undecided, the actions. */
export function ApplicationCard({
  application,
  onDecide,
}: {
  application: AdminApplication;
  onDecide: (decision: Decision) => void;
}) {
  const t = useT('admin');
  const ta = useT('applications');
  const categoryName = useCategoryName();
  const format = useFormat();
  const downloadFailed = (error: unknown) => {
    const notFound = isApiError(error) && error.status === 404;
    notify(
      'error',
      t('documents.downloadFailed'),
      notFound ? t('documents.notFound') : errorMessage(error, t('documents.notFound')),
    );
  };
  const download = useDownloadDocument();
  const priced = pricedServiceCount(application);
  const files = [
    ...application.documents,
    ...(application.hasPriceList && application.priceListFile ? [application.priceListFile] : []),
  ];
  const headingId = `application-${application.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-(--radius-card) border border-line bg-surface p-5 shadow-xs"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold text-ink">
            {application.businessName}
          </h3>
          <p className="text-sm text-muted">
            {application.fullName} ·{' '}
            {t('applications.applied', { date: format.shortDate(application.createdAt) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ApplicationStatusBadge status={application.status} />
          <span
            className={
              application.emailVerified
                ? 'inline-flex items-center rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800'
                : 'inline-flex items-center rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink'
            }
          >
            {application.emailVerified ? t('applications.emailVerified') : t('applications.emailNotVerified')}
          </span>
        </div>
      </header>

      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt>
            <MailIcon className="size-4 text-primary-700" aria-hidden="true" />
            <span className="sr-only">{t('field.email')}</span>
          </dt>
          <dd className="min-w-0 truncate">
            <a
              href={`mailto:${application.email}`}
              className="text-primary-700 underline-offset-2 hover:underline"
            >
              {application.email}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <PhoneIcon className="size-4 text-primary-700" aria-hidden="true" />
            <span className="sr-only">{t('field.phone')}</span>
          </dt>
          <dd>{application.phone}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <MapPinIcon className="size-4 text-primary-700" aria-hidden="true" />
            <span className="sr-only">{t('field.location')}</span>
          </dt>
          <dd>
            {application.cityLabel || cityLabel(application.city)}, {application.province.toUpperCase()}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <TagIcon className="size-4 text-primary-700" aria-hidden="true" />
            <span className="sr-only">{t('field.pricing')}</span>
          </dt>
          <dd>
            {t('applications.priced', { count: priced })}
            {application.hasPriceList ? ` · ${t('applications.priceListUploaded')}` : ''}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDaysIcon className="size-4 text-primary-700" aria-hidden="true" />
            <span className="sr-only">{t('field.days')}</span>
          </dt>
          <dd>{application.operatingDays.map((day) => ta(`days.${day}` as 'days.Monday')).join(', ')}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <ClockIcon className="size-4 text-primary-700" aria-hidden="true" />
            <span className="sr-only">{t('field.hours')}</span>
          </dt>
          <dd>{application.operatingHours}</dd>
        </div>
      </dl>

      <p className="line-clamp-3 text-sm text-ink">{application.servicesDescription}</p>

      {application.adminNotes ? (
        <p className="rounded-lg bg-canvas p-3 text-sm text-ink">
          <span className="font-semibold">{t('applications.adminNotes')} </span>
          {application.adminNotes}
        </p>
      ) : null}
      <ApplicationExchange requests={application.requests} />
      {application.category ? (
        <p className="text-sm text-muted">
          {t('applications.category')}{' '}
          <span className="font-semibold text-ink">
            {application.categorySlug
              ? categoryName(application.categorySlug, application.category)
              : application.category}
          </span>
        </p>
      ) : null}

      {files.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold text-ink">{t('documents.title')}</h4>
          <div className="flex flex-wrap gap-2">
            {files.map((filename) => (
              <Button
                key={filename}
                variant="outline"
                size="sm"
                className="max-w-full"
                onClick={() => download.mutate(filename, { onError: downloadFailed })}
              >
                <DownloadIcon aria-hidden="true" />
                <span className="truncate">{displayFilename(filename)}</span>
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      {awaitsDecision(application.status) ? (
        <div
          className={`grid gap-2 border-t border-line pt-4 sm:flex sm:justify-end ${
            // Three long labels (French) do not fit side by side on a phone: one per line there.
            canAskForInformation(application.status) ? 'grid-cols-1' : 'grid-cols-2'
          }`}
        >
          <Button size="sm" onClick={() => onDecide('approved')}>
            <CheckIcon aria-hidden="true" />
            {t('decision.approve')}
          </Button>
          {canAskForInformation(application.status) ? (
            <Button size="sm" variant="outline" onClick={() => onDecide('clarification_needed')}>
              <MessageCircleQuestionIcon aria-hidden="true" />
              {t('decision.askInfo')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
            onClick={() => onDecide('rejected')}
          >
            <XIcon aria-hidden="true" />
            {t('decision.reject')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
