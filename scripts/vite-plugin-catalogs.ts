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
        Object.entries(messages).map(([key, message]) => {
          const tree = compileMessage(message);
          // Plain text stays a string (Lingui's runtime returns a string message as it is).
          return [
            key,
            Array.isArray(tree) && tree.length === 1 && typeof tree[0] === 'string' ? tree[0] : tree,
          ];
        }),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
