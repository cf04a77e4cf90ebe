import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intl-warm-up';

/** A stand-in for the browser's Worker: records what it was sent and whether it was ended. */
class FakeWorker {
  sent: unknown[] = [];
  terminated = false;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('warmUpIntl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resolves at once where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    expect(await settled(warmUpIntl('fr-CA'))).toBe(true);
  });

  it("waits for the worker's answer, sends it the language, and ends it", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    const ready = warmUpIntl('fr-CA', 400, () => worker as unknown as Worker);
    expect(worker.sent).toEqual(['fr-CA']);
    expect(await settled(ready)).toBe(false);
    worker.onmessage?.();
    expect(await settled(ready)).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it('gives up after waitMs on a worker that does not answer, and ends it', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new FakeWorker();
    const ready = warmUpIntl('en-CA', 400, () => worker as unknown as Worker);
    vi.advanceTimersByTime(399);
    expect(await settled(ready)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(ready)).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it('resolves when the worker fails to load or cannot be made', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const failing = new FakeWorker();
    const ready = warmUpIntl('en-CA', 400, () => failing as unknown as Worker);
    failing.onerror?.();
    expect(await settled(ready)).toBe(true);
    const refused = warmUpIntl('en-CA', 400, () => {
      throw new Error('blocked by the Content-Security-Policy');
    });
    expect(await settled(refused)).toBe(true);
  });
});
