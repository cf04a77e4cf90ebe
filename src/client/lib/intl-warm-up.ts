/**
 * Runs in the worker, from its own source text (so it must not use anything outside it): builds a number
 * and a date formatter for the language it is sent, which loads the data every formatter shares, then
 * says so.
 */
function buildFormatters() {
  const scope = globalThis as unknown as {
    onmessage: (event: MessageEvent<string>) => void;
    postMessage: (message: number) => void;
  };
  scope.onmessage = ({ data: tag }) => {
    new Intl.NumberFormat(tag).format(1);
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }).format(0);
    scope.postMessage(1);
  };
}

/** The worker, started from a blob: address holding buildFormatters' source: no request on a slow connection. */
function startWorker(): Worker {
  const url = URL.createObjectURL(new Blob([`(${buildFormatters})()`], { type: 'text/javascript' }));
  const worker = new Worker(url);
  const revoke = () => URL.revokeObjectURL(url);
  worker.addEventListener('message', revoke);
  worker.addEventListener('error', revoke);
  return worker;
}

/**
 * The browser's first `Intl` formatter loads the locale data every formatter shares: 30-70 ms of a desktop
 * core on our test machines, 100-140 ms at Lighthouse's 4x slowdown, one task nothing can split. That
 * data belongs to the browser's process, not to a thread: built first in a worker, the page's own
 * formatters then take a fraction of a millisecond (docs/decisions/015-first-paint-before-hydration.md).
 *
 * Resolves when the worker has built them, when it fails, or after `waitMs`, whichever comes first: a
 * browser without workers, or one slow to start it, builds the formatters on the page as before.
 */
export function warmUpIntl(tag: string, waitMs = 400, start: () => Worker = startWorker): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    try {
      worker = start();
      worker.onmessage = done;
      worker.onerror = done;
      worker.postMessage(tag);
    } catch {
      done();
    }
  });
}
