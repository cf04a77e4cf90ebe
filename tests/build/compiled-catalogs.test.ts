import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compiledCatalogs } from '../../scripts/vite-plugin-catalogs';

/** The build's catalog compiler: what the browser's Lingui runtime receives. */
describe('compiled catalogs', () => {
  const transform = (messages: Record<string, string>) => {
    const plugin = compiledCatalogs() as { transform: (code: string, id: string) => { code: string } | null };
    const out = plugin.transform(JSON.stringify(messages), '/src/client/locales/fr/shell.json');
    return JSON.parse(out!.code) as Record<string, unknown>;
  };
  afterEach(() => vi.restoreAllMocks());

  it('compiles every message, plain text included, so the runtime never warns about one', () => {
    const compiled = transform({
      plain: 'Réserver',
      placeholder: 'Réserver chez {name}',
      plural: '{count, plural, one {+# autre service} other {+# autres services}}',
    });
    expect(compiled.plain).toEqual(['Réserver']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = setupI18n({ locale: 'fr', messages: { fr: compiled as never } });
    expect(i18n._('plain')).toBe('Réserver');
    expect(i18n._('placeholder', { name: 'Salon Rideau' })).toBe('Réserver chez Salon Rideau');
    expect(i18n._('plural', { count: 1 })).toBe('+1 autre service');
    expect(i18n._('plural', { count: 3 })).toBe('+3 autres services');
    // Lingui writes "Uncompiled message detected!" for a bare string: hundreds a page before this.
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves other files alone', () => {
    const plugin = compiledCatalogs() as { transform: (code: string, id: string) => unknown };
    expect(plugin.transform('{"a":"b"}', '/src/client/data/cities.json')).toBeNull();
  });
});
