import { z } from 'zod';

/** Calendar files (docs/product.md §10): a booking's `.ics` and each account's private feed. */

/** An account's private calendar feed: the link to subscribe to (`/api/calendar/{token}.ics`). */
export const feedLinkSchema = z.object({ url: z.string() });
export type FeedLink = z.infer<typeof feedLinkSchema>;

/** `/api/calendar/{token}.ics`: the feed's file name in the path. */
export const feedFileParamsSchema = z.object({ file: z.string().max(80) });
