import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrerenderModule } from '../../shared/contract/prerender';
import {
  LOCALE_COOKIE,
  LOCALE_TAGS,
  LOCALES,
  type Locale,
  localizePath,
  negotiateLocale,
  splitLocalePath,
} from '../../shared/i18n/locales';
import { SIGNED_IN_HINT_COOKIE } from './session';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages are compressed as they are sent (on the thread pool), brotli when the browser takes it: a
 * pre-rendered page is 60-100 KB of HTML and data, about a tenth of that on the wire.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
    .map(([token]) => token!.trim());
  if (accepted.includes('br')) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (accepted.includes('gzip')) {
    return reply.header('Content-Encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
  }
  return reply.send(html);
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/**
 * A visitor's first page follows their language (docs/decisions/013): an English address asked for
 * by someone who chose French (the cookie), or who never chose and whose browser prefers French, is
 * answered with its French twin. A `/fr` address is always French: it can be shared and indexed.
 */
export function frenchTwinFor(request: FastifyRequest): string | null {
  const { locale } = splitLocalePath(request.url.split('?')[0]!);
  if (locale === 'fr') return null;
  const chosen = request.cookies[LOCALE_COOKIE];
  const wanted =
    chosen === 'en' || chosen === 'fr' ? chosen : negotiateLocale(request.headers['accept-language']);
  return wanted === 'fr' ? localizePath(request.url, 'fr') : null;
}

/**
 * The page's language in `<html lang>`, and its twin in each language for search engines
 * (`hreflang`, with the English address as the default for other languages).
 */
function localizeShell(html: string, url: string, publicOrigin: string | null): string {
  const [pathname = '/', query = ''] = url.split('?');
  const { locale, path } = splitLocalePath(pathname);
  const search = query ? `?${query}` : '';
  const href = (l: Locale) => `${publicOrigin ?? ''}${localizePath(path, l)}${search}`.replace(/&/g, '&amp;');
  const alternates = [
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${href(l)}">`),
    `<link rel="alternate" hreflang="x-default" href="${href('en')}">`,
  ].join('');
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${LOCALE_TAGS[locale]}">`)
    .replace('</head>', () => `${alternates}</head>`);
}

/** `<` escaped so the JSON can never close its script element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The chunk's own JavaScript and what it imports, minus what the entry already loads. */
function preloadsFor(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const closure = (start: string, seen = new Set<string>()) => {
    if (seen.has(start) || !manifest[start]) return seen;
    seen.add(start);
    for (const imported of manifest[start].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loaded = entryKey ? closure(entryKey) : new Set<string>();
  return [...closure(key)].filter((k) => !loaded.has(k)).map((k) => `/${manifest[k]!.file}`);
}

/**
 * Serves the built client: hashed assets compressed and cached for a year, `index.html` never cached,
 * any other non-API path answered with the app (history fallback). The public landing pages (home,
 * listing, provider) are pre-rendered with their data for signed-out visitors when the pre-render bundle
 * is built (docs/decisions/004); anything that fails there falls back to the plain app.
 */
export async function registerClientApp(
  app: FastifyInstance,
  { distDir, publicUrl }: { distDir: string; publicUrl?: string },
) {
  const publicOrigin = publicUrl ? publicUrl.replace(/\/+$/, '') : null;
  const root = path.resolve(distDir);
  const indexPath = path.join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexPath, 'utf8') : null;
  const prerenderer = hasBuild ? await loadPrerenderer(app, root) : null;

  return {
    /**
     * The app for a page. `found: false` (an unknown path, a provider that does not exist) answers 404
     * with the same app, which shows the not-found page, and tells search engines not to index it.
     */
    async sendApp(request: FastifyRequest, reply: FastifyReply, { found = true } = {}) {
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The Trillium client is not built yet. Run `npm run build`, or use `npm start`, which builds it.',
          );
      }
      const twin = frenchTwinFor(request);
      if (twin) return reply.header('Cache-Control', 'no-cache').redirect(twin, 302);
      const shell = localizeShell(indexHtml, request.url, publicOrigin);
      if (!found) {
        reply.header('X-Robots-Tag', 'noindex');
        const page = shell.replace('</head>', () => '<meta name="robots" content="noindex" /></head>');
        return sendHtml(request, reply, page, 404);
      }
      // Signed-in pages depend on who is asking: the browser renders those.
      if (prerenderer && request.cookies[SIGNED_IN_HINT_COOKIE] !== '1') {
        try {
          const page = await prerenderer.render(request.url, shell);
          if (page) return sendHtml(request, reply, page);
        } catch (error) {
          request.log.warn({ err: error }, 'pre-render failed; sending the plain app');
        }
      }
      return sendHtml(request, reply, shell);
    },
  };
}

async function loadPrerenderer(app: FastifyInstance, clientRoot: string) {
  const entry = path.join(clientRoot, '..', 'ssr', 'entry-server.js');
  const manifestPath = path.join(clientRoot, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestPath)) return null;
  const module = (await import(pathToFileURL(entry).href)) as PrerenderModule;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  module.configureApi(async (apiPath) => {
    const answer = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    // The page reads headers too (X-Total-Count); cookies are for browsers, not for the pre-render.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name !== 'set-cookie' && value !== undefined) headers[name] = String(value);
    }
    return { status: answer.statusCode, body: answer.body, headers };
  });
  return {
    async render(url: string, template: string): Promise<string | null> {
      const page = await module.prerender(url);
      if (!page) return null;
      let html = template.replace(
        '<div id="root"></div>',
        // Replacer functions: a `$` in the page must not be read as a replacement pattern.
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="trillium-state">${jsonForScript(page.state)}</script><script type="application/json" id="trillium-catalogs">${jsonForScript(page.namespaces)}</script>`,
      );
      if (page.title !== null)
        html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
      if (page.description !== null) {
        html = html.replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
          () => `<meta name="description" content="${page.description}" />`,
        );
      }
      // The page's chunk and its catalogs in its language: hydration waits for both, so both load at once.
      const catalogs = page.namespaces
        .map((ns) => manifest[`locales/${page.locale}/${ns}.json`]?.file)
        .filter((file): file is string => !!file)
        .map((file) => `/${file}`);
      const preloads = [...preloadsFor(manifest, page.chunk), ...catalogs]
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join('');
      html = html.replace('</head>', () => `${preloads}${page.headTags}</head>`);
      // The page is already in the HTML: its scripts only hydrate it, so they are asked for after
      // what the first paint shows (the stylesheet, the font, the first images). See
      // docs/decisions/015-first-paint-before-hydration.md.
      return html
        .replace(
          /<script type="module" crossorigin/g,
          '<script type="module" fetchpriority="low" crossorigin',
        )
        .replace(
          /<link rel="modulepreload" crossorigin/g,
          '<link rel="modulepreload" fetchpriority="low" crossorigin',
        );
    },
  };
}
