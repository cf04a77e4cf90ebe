import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * Message catalogs (`locales/<language>/<namespace>.json`, ICU messages) are compiled when they are
 * bundled: each message becomes the tree Lingui's runtime interpolates, so the browser never ships the
 * ICU parser (docs/decisions/013-english-and-french.md). Tests and the server compile them at load.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'trillium:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]locales[\\/](en|fr)[\\/][a-z-]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        // Plain text too stays a compiled tree (`["Book Now"]`): Lingui's runtime takes a bare string for
        // an uncompiled message and writes a console warning for each one it renders (hundreds a page,
        // which showed as main-thread time in Lighthouse).
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
