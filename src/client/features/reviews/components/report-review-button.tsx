import { FlagIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/i18n';

// The report form (and its validation) loads on first use.
const ReportReviewDialog = lazy(() =>
  import('./report-review-dialog').then((m) => ({ default: m.ReportReviewDialog })),
);

/** "Report": tells Trillium's moderators that a review breaks the rules (signed-in people only). */
export function ReportReviewButton({ reviewId, author }: { reviewId: number; author: string }) {
  const t = useT('reviews');
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-label={t('report.aria', { author })}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <FlagIcon aria-hidden="true" />
        {t('report.button')}
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <ReportReviewDialog
            reviewId={reviewId}
            author={author}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
