import { TransNoContext } from '@lingui/react/server';
import type { ReactElement } from 'react';
import type { MessageKey, Namespace } from './catalogs';
import { type MessageValues, useI18nContext, useT } from './i18n';

/**
 * A message with markup in it: `<0>` … `</0>` in the message become the elements given, in order
 * (`Read our <0>terms</0>` with `components={[<Link to="/terms" />]}`).
 */
export function RichText<N extends Namespace>({
  ns,
  k,
  values,
  components,
}: {
  ns: N;
  k: MessageKey<N>;
  values?: MessageValues;
  components: ReactElement[];
}) {
  const { i18n } = useI18nContext();
  useT(ns);
  const indexed = Object.fromEntries(components.map((element, index) => [String(index), element]));
  return <TransNoContext id={`${ns}.${k}`} values={values} components={indexed} lingui={{ i18n }} />;
}
