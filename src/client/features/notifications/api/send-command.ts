import { errorSchema } from '@shared/contract/common';
import { ApiError } from '@/lib/api-client';

/**
 * A call whose answer has no body worth reading (201 or 204): POST, PATCH or DELETE.
 * Errors become the same ApiError as apiRequest's (`status: text`, with code and message).
 */
export async function sendCommand(
  path: string,
  { method, body }: { method: string; body?: unknown },
): Promise<void> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return;
  const text = (await response.text().catch(() => '')) || response.statusText;
  let parsed: { code: string; message: string } | undefined;
  try {
    const result = errorSchema.safeParse(JSON.parse(text));
    parsed = result.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  throw new ApiError(response.status, text, parsed);
}
