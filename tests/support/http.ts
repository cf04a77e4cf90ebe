import type { TestContext } from './app';

type InjectOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
};

/** A small client over `app.inject` that keeps a session cookie, like a browser tab would. */
export function createClient(ctx: Pick<TestContext, 'app'>, defaults: { ip?: string } = {}) {
  let cookie: string | undefined;
  const request = async ({ method = 'GET', url, body, headers = {}, ip }: InjectOptions) => {
    const res = await ctx.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      remoteAddress: ip ?? defaults.ip ?? '127.0.0.1',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name === 'trillium_session') cookie = value ? `trillium_session=${value}` : undefined;
    }
    let json: unknown;
    try {
      json = res.body ? res.json() : undefined;
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert their shape
    return { status: res.statusCode, body: json as any, headers: res.headers, raw: res };
  };
  return {
    request,
    get: (url: string) => request({ url }),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request({ method: 'POST', url, body, headers }),
    put: (url: string, body?: unknown) => request({ method: 'PUT', url, body }),
    patch: (url: string, body?: unknown) => request({ method: 'PATCH', url, body }),
    delete: (url: string) => request({ method: 'DELETE', url }),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async login(email: string, password: string) {
      const res = await request({ method: 'POST', url: '/api/login', body: { email, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}
export type Client = ReturnType<typeof createClient>;
