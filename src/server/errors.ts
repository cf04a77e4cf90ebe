/** An error a client may see: a stable code, an HTTP status and a sentence for people. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  /**
   * How the sentence is translated (src/server/i18n): its key in the French errors catalog (the code,
   * unless one code has several sentences) and the values it names (`{hours}`).
   */
  readonly translation: { key: string; values: Record<string, string | number> };

  constructor(
    statusCode: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
    translation: { key?: string; values?: Record<string, string | number> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
    this.translation = { key: translation.key ?? code, values: translation.values ?? {} };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
