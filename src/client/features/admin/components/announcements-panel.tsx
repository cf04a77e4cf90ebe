import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminAnnouncement, AnnouncementBody } from '@shared/contract/promotions';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAdminAnnouncements, useSaveAnnouncement } from '../api/promotions';
import {
  type AnnouncementFormValues,
  announcementFormSchema,
  announcementFormValues,
} from '../lib/promotion-form';
import { useFormat, useT } from '@/lib/i18n/i18n';

function AnnouncementFormDialog({
  announcement,
  open,
  onOpenChange,
}: {
  announcement: AdminAnnouncement | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('admin');
  const save = useSaveAnnouncement();
  const form = useForm<AnnouncementFormValues, unknown, AnnouncementBody>({
    resolver: zodResolver(announcementFormSchema),
    values: announcementFormValues(announcement),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: announcement?.id, body },
      {
        onSuccess: (saved) => {
          notify('success', announcement ? t('announcement.saved') : t('announcement.created'), saved.title);
          onOpenChange(false);
        },
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={
          announcement ? t('promotions.editTitle', { title: announcement.title }) : t('announcement.new')
        }
        description={t('announcement.description')}
      >
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('announcement.formLabel')}>
          <FormError message={save.isError ? errorMessage(save.error, t('tryAgain')) : null} />
          <FormField label={t('promotion.title')} error={errors.title?.message}>
            <Input maxLength={120} {...form.register('title')} />
          </FormField>
          <FormField label={t('announcement.text')} error={errors.content?.message}>
            <Textarea rows={4} maxLength={2000} {...form.register('content')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('announcement.type')} error={errors.type?.message}>
              <NativeSelect {...form.register('type')}>
                <option value="info">{t('announcement.type.info')}</option>
                <option value="update">{t('announcement.type.update')}</option>
                <option value="important">{t('announcement.type.important')}</option>
              </NativeSelect>
            </FormField>
            <FormField
              label={t('announcement.publishAt')}
              error={
                errors.publishedAtLocal?.message ??
                (errors as { publishedAt?: { message?: string } }).publishedAt?.message
              }
              hint={t('announcement.publishAtHint')}
            >
              <Input type="datetime-local" {...form.register('publishedAtLocal')} />
            </FormField>
          </div>
          <FormField label={t('announcement.readMore')} error={errors.readMoreUrl?.message}>
            <Input {...form.register('readMoreUrl')} />
          </FormField>
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Switch id="announcement-active" checked={field.value} onCheckedChange={field.onChange} />
                <Label htmlFor="announcement-active">{t('announcement.active')}</Label>
              </div>
            )}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" busy={save.isPending}>
              {announcement ? t('announcement.save') : t('announcement.publish')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Announcements: published, scheduled and taken down ones, with New, Edit and Take down / Put back. */
export function AnnouncementsPanel() {
  const t = useT('admin');
  const format = useFormat();
  const announcements = useAdminAnnouncements();
  const save = useSaveAnnouncement();
  const [editing, setEditing] = useState<AdminAnnouncement | null>(null);
  const [creating, setCreating] = useState(false);
  const now = new Date();
  return (
    <section aria-labelledby="announcements-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="announcements-title" className="text-xl font-semibold text-ink">
            {t('announcements.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('announcements.intro')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          {t('announcement.new')}
        </Button>
      </div>
      {announcements.isPending ? (
        <p role="status" className="text-sm text-muted">
          {t('announcements.loading')}
        </p>
      ) : announcements.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(announcements.error, t('announcements.loadFailed'))}
        </p>
      ) : (
        <ul className="grid gap-3">
          {announcements.data.map((a) => {
            const state = !a.isActive
              ? 'TakenDown'
              : new Date(a.publishedAt) > now
                ? 'Scheduled'
                : 'Published';
            return (
              <li
                key={a.id}
                aria-label={a.title}
                className="flex flex-wrap items-center justify-between gap-3 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{a.title}</p>
                  <p className="text-sm text-muted">{format.bookedTime(a.publishedAt)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={state === 'Published' ? 'verified' : 'neutral'}>
                    {t(`announcements.state.${state}`)}
                  </Badge>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing(a)}
                    aria-label={t('promotions.editTitle', { title: a.title })}
                  >
                    {t('promotions.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={save.isPending}
                    onClick={() =>
                      save.mutate(
                        { id: a.id, body: { isActive: !a.isActive } },
                        {
                          onError: (error) =>
                            notify('error', t('promotions.notSaved'), errorMessage(error, t('tryAgain'))),
                        },
                      )
                    }
                    aria-label={t(a.isActive ? 'announcements.takeDownTitle' : 'announcements.putBackTitle', {
                      title: a.title,
                    })}
                  >
                    {a.isActive ? t('announcements.takeDown') : t('announcements.putBack')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AnnouncementFormDialog
        announcement={editing}
        open={creating || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
      />
    </section>
  );
}
