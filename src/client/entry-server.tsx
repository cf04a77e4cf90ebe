import type { ApiAnswer, PrerenderedPage } from '@shared/contract/prerender';
import { buildSearchQuery, parseSearchState } from '@shared/domain/search-params';
import { FRENCH_PREFIX, splitLocalePath } from '@shared/i18n/locales';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { categoriesQueryOptions } from './features/catalog/api/get-categories';
import { featuredProvidersQueryOptions } from './features/catalog/api/get-featured-providers';
import { providerQueryOptions } from './features/catalog/api/get-provider';
import { providerSearchQueryOptions } from './features/catalog/api/search-providers';
import { providerReviewsQueryOptions } from './features/reviews';
import { setApiFetcher } from './lib/api-client';
import { loadEverything, type Namespace } from './lib/i18n/catalogs';
import { createQueryClient } from './lib/query-client';

/**
 * The server's pre-render of the public landing pages (home, listing, provider, service): a visitor's first
 * paint is the page itself rather than an empty shell waiting for JavaScript and then for the API.
 * The data the page needs is fetched here through the same query options the page uses, rendered,
 * and handed to the browser (dehydrated) so hydration starts from the same state. Every other page,
 * and every signed-in visit, is rendered by the browser as before.
 */

type PrerenderRoute = {
  /** Source file of the page's lazy chunk (a key of Vite's manifest), to preload it. */
  chunk: string;
  /** Fills the cache with the queries the page renders from. */
  prefetch: (
    client: QueryClient,
    params: Record<string, string | undefined>,
    search: string,
  ) => Promise<void>;
};

const ROUTES: Record<string, PrerenderRoute> = {
  '/': {
    chunk: 'app/routes/public/home.tsx',
    prefetch: async (client) => {
      await Promise.all([
        client.prefetchQuery(categoriesQueryOptions()),
        client.prefetchQuery(featuredProvidersQueryOptions()),
      ]);
    },
  },
  '/services': {
    chunk: 'app/routes/public/services.tsx',
    prefetch: (client, _params, search) => prefetchListing(client, search, undefined),
  },
  '/services/:category': {
    chunk: 'app/routes/public/services.tsx',
    prefetch: (client, params, search) => prefetchListing(client, search, params.category),
  },
  '/provider/:id': {
    chunk: 'app/routes/public/provider.tsx',
    prefetch: async (client, params) => {
      const id = Number(params.id);
      if (!Number.isInteger(id) || id <= 0) return;
      await Promise.all([
        client.prefetchQuery(providerQueryOptions(id)),
        client.prefetchInfiniteQuery(providerReviewsQueryOptions(id)),
      ]);
    },
  },
  '/service/:id': {
    chunk: 'app/routes/public/service.tsx',
    prefetch: async (client, params) => {
      const id = Number(params.id);
      if (!Number.isInteger(id) || id <= 0) return;
      await client.prefetchQuery(providerQueryOptions(id));
    },
  },
};

async function prefetchListing(client: QueryClient, search: string, category: string | undefined) {
  const query = buildSearchQuery(parseSearchState(search, category));
  await Promise.all([
    client.prefetchQuery(categoriesQueryOptions()),
    client.prefetchInfiniteQuery(providerSearchQueryOptions(query)),
  ]);
}

/** Answers API paths in process (the server injects the request into its own routes). */
export function configureApi(answer: (path: string) => Promise<ApiAnswer>): void {
  setApiFetcher(async (path) => {
    const { status, body, headers } = await answer(path);
    return new Response(status === 204 ? null : body, { status, headers });
  });
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString(); // UTF-8
}

/**
 * React puts what belongs in `<head>` before the page: the page's `<title>` and meta description
 * (PageMeta), and preloads for the images it renders. They are taken off here and go into the head.
 */
function takeHeadTags(html: string) {
  let rest = html;
  let title: string | null = null;
  let description: string | null = null;
  const links: string[] = [];
  for (;;) {
    const titleMatch = /^<title>([^<]*)<\/title>/.exec(rest);
    const metaMatch = /^<meta name="description" content="([^"]*)"\/>/.exec(rest);
    const linkMatch = /^<link\b[^>]*\/>/.exec(rest);
    if (titleMatch) title = titleMatch[1]!;
    else if (metaMatch) description = metaMatch[1]!;
    else if (linkMatch) links.push(linkMatch[0]);
    else return { html: rest, title, description, headTags: links.join('') };
    rest = rest.slice((titleMatch ?? metaMatch ?? linkMatch)![0].length);
  }
}

/** Every catalog in both languages, loaded once: a render never waits for one. */
let catalogs: Promise<void> | undefined;

/**
 * Renders `url` (path and query) for a signed-out visitor, in the language its address says (`/fr/...`
 * is French); `null` when the address is not pre-rendered.
 */
export async function prerender(url: string): Promise<PrerenderedPage | null> {
  const parsed = new URL(url, 'http://trillium.local');
  const { locale, path } = splitLocalePath(parsed.pathname);
  const entry = Object.entries(ROUTES)
    .map(([pattern, route]) => ({ route, match: matchPath(pattern, path) }))
    .find((candidate) => candidate.match);
  if (!entry?.match) return null;
  catalogs ??= loadEverything();
  await catalogs;
  const used = new Set<Namespace>();
  const queryClient = createQueryClient();
  await entry.route.prefetch(queryClient, entry.match.params, parsed.search);
  const state = dehydrate(queryClient);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient} locale={locale} usedNamespaces={used}>
        <StaticRouter location={url} basename={locale === 'fr' ? FRENCH_PREFIX : undefined}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // Everything inline: no out-of-order segments, which need inline scripts the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const head = takeHeadTags(await streamToString(prelude));
  queryClient.clear();
  return { ...head, state, chunk: entry.route.chunk, locale, namespaces: [...used] };
}
