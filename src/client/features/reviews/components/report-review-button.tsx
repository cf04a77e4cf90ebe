import { FlagIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

// The report form (and its validation) loads on first use.
const ReportReviewDialog = lazy(() =>
  import('./report-review-dialog').then((m) => ({ default: m.ReportReviewDialog })),
);

/** "Report": tells Trillium's moderators that a review breaks the rules (signed-in people only). */
export function ReportReviewButton({ reviewId, author }: { reviewId: number; author: string }) {
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
        aria-label={`Report ${author}'s review`}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <FlagIcon aria-hidden="true" />
        Report
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
