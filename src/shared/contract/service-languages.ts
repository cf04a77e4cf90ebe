import { z } from 'zod';
import {
  normalizeServiceLanguages,
  SERVICE_LANGUAGES,
  SERVICE_LANGUAGES_MESSAGE,
} from '../domain/service-languages';

/** What a partner sends: at least one of `en`, `fr`, each once; answered in a fixed order. */
export const serviceLanguagesInputSchema = z
  .array(z.enum(SERVICE_LANGUAGES, { message: SERVICE_LANGUAGES_MESSAGE }), {
    message: SERVICE_LANGUAGES_MESSAGE,
  })
  .min(1, SERVICE_LANGUAGES_MESSAGE)
  .max(SERVICE_LANGUAGES.length, SERVICE_LANGUAGES_MESSAGE)
  .refine((list) => new Set(list).size === list.length, SERVICE_LANGUAGES_MESSAGE)
  .transform(normalizeServiceLanguages);

/** As answered: the languages in their fixed order. */
export const serviceLanguagesSchema = z.array(z.enum(SERVICE_LANGUAGES));
