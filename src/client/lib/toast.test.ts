import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for sonner that remembers which toasts are on screen. */
const sonner = vi.hoisted(() => {
  const onScreen = new Map<number, { kind: string; title: string }>();
  let next = 0;
  const make = (kind: string) => (title: string, _options?: { onDismiss?: (t: { id: number }) => void }) => {
    next += 1;
    const id = next;
    onScreen.set(id, { kind, title });
    return id;
  };
  const toast = {
    success: vi.fn(make('success')),
    error: vi.fn(make('error')),
    info: vi.fn(make('info')),
    dismiss: vi.fn((id: number) => onScreen.delete(id)),
  };
  return { toast, onScreen };
});

vi.mock('sonner', () => ({ toast: sonner.toast }));

const { notify, showToast } = await import('./toast');

/** Toasts are shown once sonner's module has loaded (a dynamic import): let it settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const titles = () => [...sonner.onScreen.values()].map((t) => `${t.kind}: ${t.title}`);

beforeEach(() => {
  sonner.onScreen.clear();
  vi.clearAllMocks();
});

describe('error toasts give way to a success', () => {
  it('a failed sign-in toast (showToast) is dismissed when the next sign-in succeeds', async () => {
    showToast('error', 'Login Failed', { description: 'Invalid email or password', duration: 4000 });
    await settle();
    expect(titles()).toEqual(['error: Login Failed']);
    expect(sonner.toast.error).toHaveBeenCalledWith(
      'Login Failed',
      expect.objectContaining({ description: 'Invalid email or password', duration: 4000 }),
    );

    showToast('success', 'Welcome back!', { duration: 3000 });
    await settle();
    expect(titles()).toEqual(['success: Welcome back!']);
  });

  it('errors from notify and showToast share one bookkeeping', async () => {
    notify('error', 'Could not save');
    showToast('error', 'Registration Failed');
    await settle();
    expect(titles()).toHaveLength(2);

    notify('success', 'Saved');
    await settle();
    expect(titles()).toEqual(['success: Saved']);
  });

  it('an info toast leaves an error on screen; an error closed by hand is not dismissed again', async () => {
    showToast('error', 'Login Failed');
    showToast('info', 'Checking…');
    await settle();
    expect(titles()).toEqual(['error: Login Failed', 'info: Checking…']);

    // The person closes the red toast themselves; sonner reports it through onDismiss.
    const [id] = [...sonner.onScreen.keys()] as number[];
    const options = sonner.toast.error.mock.calls[0]?.[1] as { onDismiss: (t: { id: number }) => void };
    sonner.onScreen.delete(id as number);
    options.onDismiss({ id: id as number });

    showToast('success', 'Welcome back!');
    await settle();
    expect(sonner.toast.dismiss).not.toHaveBeenCalled();
    expect(titles()).toEqual(['info: Checking…', 'success: Welcome back!']);
  });
});
