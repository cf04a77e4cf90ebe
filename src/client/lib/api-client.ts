import type { z } from 'zod';
import { forgetSessionHint } from '@/lib/session/session-hint';
import { afterSignOut } from '@/lib/session/sign-out';

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

type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

// The browser's fetch, looked up at call time; the server's pre-render answers from the API in process.
let fetcher: Fetcher = (path, init) => fetch(path, init);

/** The page's language (`fr-CA`): the API answers its messages in it. */
let language: string | undefined;

export function setApiLanguage(tag: string): void {
  language = tag;
}

/** For the server's pre-render only (entry-server.tsx): where API paths are answered. */
export function setApiFetcher(next: Fetcher): void {
  fetcher = next;
}

async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  // A query's read (it brings a signal) started while signing out (a card's saved-services check
  // mounting) waits for the sign-out: one for the person's own data is called off by it (logout.ts) and
  // never sent, where it would have reached the server after the session ended and come back 401.
  if (options.signal) {
    await afterSignOut();
    options.signal.throwIfAborted();
  }
  const response = await fetcher(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    signal: options.signal,
    headers: {
      Accept: 'application/json',
      ...(language ? { 'Accept-Language': language } : {}),
      // A FormData body (file uploads) sets its own multipart type and boundary.
      ...(options.body === undefined || options.body instanceof FormData
        ? {}
        : { 'Content-Type': 'application/json' }),
    },
    body:
      options.body === undefined
        ? undefined
        : options.body instanceof FormData
          ? options.body
          : JSON.stringify(options.body),
  });
  // Any answer may have set or cleared the signed-in hint cookie.
  forgetSessionHint();
  if (!response.ok) {
    const text = (await response.text().catch(() => '')) || response.statusText;
    let body: { code: string; message: string } | undefined;
    try {
      const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (typeof parsed?.code === 'string' && typeof parsed.message === 'string') {
        body = { code: parsed.code, message: parsed.message };
      }
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, text, body);
  }
  return response;
}

/**
 * A contract schema, or a loader for one: public pages pass loaders so zod and the contract download in
 * parallel with the request instead of weighing on the first page's JavaScript.
 */
export type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

async function resolveSchema<Schema extends z.ZodType>(source: SchemaSource<Schema>): Promise<Schema> {
  return typeof source === 'function' ? (source as () => Promise<Schema>)() : source;
}

/** Calls the API and parses the JSON answer with its contract schema. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: SchemaSource<Schema>,
  options?: RequestOptions,
): Promise<z.output<Schema>> {
  const [response, resolved] = await Promise.all([send(path, options), resolveSchema(schema)]);
  return resolved.parse(await response.json());
}

/**
 * A call whose answer has no body worth reading (201 or 204): POST, PATCH or DELETE. Errors are the
 * same ApiError as apiRequest's.
 */
export async function apiCommand(path: string, options: { method: string; body?: unknown }): Promise<void> {
  await send(path, options);
}

/** A file the API answers (a document download), as a Blob; errors are the same ApiError. */
export async function apiBlob(path: string, options?: RequestOptions): Promise<Blob> {
  return (await send(path, options)).blob();
}

/** Same as apiRequest, also returning the response headers (e.g. `X-Total-Count`). */
export async function apiRequestWithHeaders<Schema extends z.ZodType>(
  path: string,
  schema: SchemaSource<Schema>,
  options?: RequestOptions,
): Promise<{ data: z.output<Schema>; headers: Headers }> {
  const [response, resolved] = await Promise.all([send(path, options), resolveSchema(schema)]);
  return { data: resolved.parse(await response.json()), headers: response.headers };
}
