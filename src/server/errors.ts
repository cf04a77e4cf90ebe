/** An error a client may see: a stable code, an HTTP status and a sentence for people. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const commonErrors = {
  notFound: (what = 'That') => new AppError(404, 'not_found', `${what} was not found.`),
  badRequest: (message: string, code = 'bad_request') => new AppError(400, code, message),
  unauthorized: () => new AppError(401, 'auth.required', 'Please sign in to continue.'),
  forbidden: (message = 'You do not have access to this.') => new AppError(403, 'auth.forbidden', message),
};
