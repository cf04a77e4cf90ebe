/**
 * The shared schemas' validation messages are written in English in src/shared/contract; their French
 * (`src/shared/locales/fr/validation.json`) is keyed by that English text, with `{name}` standing for
 * a value in it (`At most {max} characters`), so that `At most 80 characters` finds its translation
 * with `max` = `80`. The server (API answers) and the client (form fields) both translate through this.
 */

type Pattern = { key: string; regex: RegExp; names: string[] };
const cache = new WeakMap<object, Pattern[]>();

function patternsOf(catalog: Record<string, string>): Pattern[] {
  let patterns = cache.get(catalog);
  if (!patterns) {
    patterns = Object.keys(catalog)
      .filter((key) => /\{[a-zA-Z_]+\}/.test(key))
      .map((key) => {
        const names: string[] = [];
        const source = key
          .split(/(\{[a-zA-Z_]+\})/)
          .map((part) => {
            const name = /^\{([a-zA-Z_]+)\}$/.exec(part)?.[1];
            if (name) {
              names.push(name);
              return '(.+?)';
            }
            return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          })
          .join('');
        return { key, regex: new RegExp(`^${source}$`), names };
      });
    cache.set(catalog, patterns);
  }
  return patterns;
}

/** The catalog key an English validation message falls under, with the values it carries; null if none. */
export function validationKey(
  english: string,
  catalog: Record<string, string>,
): { key: string; values: Record<string, string> } | null {
  if (Object.hasOwn(catalog, english)) return { key: english, values: {} };
  for (const pattern of patternsOf(catalog)) {
    const match = pattern.regex.exec(english);
    if (match) {
      return {
        key: pattern.key,
        values: Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]!])),
      };
    }
  }
  return null;
}
