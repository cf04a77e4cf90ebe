import { errorSchema } from '@shared/contract/common';
import type { z } from 'zod';

/** A non-OK answer: the message is `status: text`; `code` and `serverMessage` come from the JSON body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;

  constructor(status: number, text: string, body: { code: string; message: string } | undefined) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.serverMessage = body?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type RequestOptions = { signal?: AbortSignal; method?: string; body?: unknown };

async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    signal: options.signal,
    headers: {
      Accept: 'application/json',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    let body: { code: string; message: string } | undefined;
    try {
      const parsed = errorSchema.safeParse(JSON.parse(text));
      if (parsed.success) body = parsed.data;
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, text, body);
  }
  return response;
}

/** Calls the API and parses the JSON answer with its contract schema. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options?: RequestOptions,
): Promise<z.output<Schema>> {
  const response = await send(path, options);
  return schema.parse(await response.json());
}

/** Same as apiRequest, also returning the response headers (e.g. `X-Total-Count`). */
export async function apiRequestWithHeaders<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options?: RequestOptions,
): Promise<{ data: z.output<Schema>; headers: Headers }> {
  const response = await send(path, options);
  return { data: schema.parse(await response.json()), headers: response.headers };
}
