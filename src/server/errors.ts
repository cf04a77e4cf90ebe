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
