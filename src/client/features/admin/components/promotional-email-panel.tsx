import { zodResolver } from '@hookform/resolvers/zod';
import { type PromotionalEmailBody, promotionalEmailBodySchema } from '@shared/contract/privacy';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import {
  useCurrentPromotions,
  usePromotionalEmails,
  useSendPromotionalEmail,
} from '../api/promotional-emails';
import { useFormat, useT } from '@/lib/i18n/i18n';

const NONE = 'none';

/**
 * The admin's promotional e-mail (docs/product.md §15): a subject and a message, or the announcement of
 * a current promotion, sent only to the people who turned Promotional Messages on. Each e-mail carries
 * its own one-click unsubscribe link.
 */
export function PromotionalEmailPanel() {
  const t = useT('admin');
  const format = useFormat();
  const overview = usePromotionalEmails();
  const promotions = useCurrentPromotions();
  const send = useSendPromotionalEmail();
  const [confirming, setConfirming] = useState<PromotionalEmailBody | null>(null);
  const form = useForm<PromotionalEmailBody>({
    resolver: zodResolver(promotionalEmailBodySchema),
    defaultValues: { subject: '', message: '', promotionId: null },
  });
  const { errors } = form.formState;
  const promotionId = form.watch('promotionId');
  const consenting = overview.data?.consentingCount;
  const audience =
    consenting === undefined ? t('email.counting') : t('email.audience', { count: consenting });

  const pick = (value: string) => {
    const promotion = promotions.data?.find((p) => String(p.id) === value);
    form.setValue('promotionId', promotion ? promotion.id : null);
    if (promotion) {
      form.setValue('subject', promotion.title, { shouldValidate: true });
      form.setValue(
        'message',
        `${promotion.description}${promotion.code ? `\n\n${t('email.useCode', { code: promotion.code })}` : ''}`,
        { shouldValidate: true },
      );
    }
  };
  const submit = form.handleSubmit((values) => setConfirming(values));
  const confirm = () =>
    confirming &&
    send.mutate(confirming, {
      onSuccess: (sent) => {
        setConfirming(null);
        form.reset({ subject: '', message: '', promotionId: null });
        notify('success', t('email.sent'), sent.message);
      },
    });

  return (
    <section aria-labelledby="promotional-email-title" className="grid gap-6">
      <div>
        <h2 id="promotional-email-title" className="text-xl font-semibold text-ink">
          {t('email.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('email.intro', { audience })}</p>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-(--radius-card) border border-line bg-surface p-4 shadow-xs sm:p-6"
        aria-label={t('email.title')}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="promotional-email-promotion">{t('email.announce')}</Label>
          <Select value={promotionId ? String(promotionId) : NONE} onValueChange={pick}>
            <SelectTrigger
              id="promotional-email-promotion"
              aria-describedby="promotional-email-promotion-hint"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NONE}>{t('email.none')}</SelectItem>
              {(promotions.data ?? []).map((p) => (
                <SelectItem key={p.id} value={String(p.id)}>
                  {p.title}
                  {p.code ? ` (${p.code})` : ''}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id="promotional-email-promotion-hint" className="text-xs text-muted">
            {t('email.announceHint')}
          </p>
        </div>
        <FormField label={t('email.subject')} error={errors.subject?.message}>
          <Input maxLength={150} {...form.register('subject')} />
        </FormField>
        <FormField label={t('email.message')} error={errors.message?.message} hint={t('email.messageHint')}>
          <Textarea maxLength={5000} rows={6} {...form.register('message')} />
        </FormField>
        <Button type="submit" className="sm:justify-self-end" disabled={consenting === 0}>
          <MailIcon aria-hidden="true" />
          {t('email.send')}
        </Button>
      </form>

      <div className="grid gap-2">
        <h3 className="font-semibold text-ink">{t('email.sentBefore')}</h3>
        {overview.isError ? (
          <FormError message={errorMessage(overview.error, t('email.loadFailed'))} />
        ) : overview.data && overview.data.sent.length > 0 ? (
          <ul className="grid divide-y divide-line rounded-(--radius-card) border border-line bg-surface text-sm">
            {overview.data.sent.map((s) => (
              <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                <span className="font-semibold text-ink">{s.subject}</span>
                <span className="text-muted">
                  {format.shortDate(s.createdAt)} · {t('email.people', { count: s.recipientCount })}
                  {s.sentBy ? ` · ${t('email.by', { name: s.sentBy })}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{t('email.noneSent')}</p>
        )}
      </div>

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(null);
            send.reset();
          }
        }}
      >
        <DialogContent
          title={t('email.confirmTitle')}
          description={t('email.confirmText', { subject: confirming?.subject ?? '', count: consenting ?? 0 })}
        >
          <FormError message={send.isError ? errorMessage(send.error, t('tryAgain')) : null} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={send.isPending}>
              {t('email.keepEditing')}
            </Button>
            <Button onClick={confirm} busy={send.isPending}>
              {send.isPending ? t('email.sending') : t('email.sendNow')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
