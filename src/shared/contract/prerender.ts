/**
 * Between the server and its pre-render bundle (src/client/entry-server.tsx, loaded at run time from
 * dist/ssr): how an API path is answered in process, and what a pre-rendered page comes back as.
 */
export type ApiAnswer = { status: number; body: string; headers: Record<string, string> };

export type PrerenderedPage = {
  /** The page's HTML, to go inside `<div id="root">`. */
  html: string;
  /** The page's `<title>` and meta description, for `<head>`. */
  title: string | null;
  description: string | null;
  /** Other tags for `<head>`: preloads of the images the page shows. */
  headTags: string;
  /** The TanStack Query cache the page rendered from, for `hydrate` in the browser. */
  state: unknown;
  /** The page's own chunk (a manifest key), to modulepreload. */
  chunk: string;
  /** The page's language (`en`, `fr`). */
  locale: 'en' | 'fr';
  /** The message catalogs the page read (`shell`, `catalog`): the browser loads them before hydrating. */
  namespaces: string[];
};

export type PrerenderModule = {
  configureApi(answer: (path: string) => Promise<ApiAnswer>): void;
  prerender(url: string): Promise<PrerenderedPage | null>;
};
