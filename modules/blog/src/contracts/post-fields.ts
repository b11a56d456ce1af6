/**
 * A post's own fields but its body, spelled once for every shape a post takes: the list item answered to
 * clients, the listing the log carries and the document the store keeps. Each shape adds how it names the
 * post (`id`, `post_id`, the store's own id) and what else it holds.
 */
import { z } from 'zod';
import { COVER_ASPECTS, COVER_FITS, COVER_WIDTHS, POST_STATUSES } from './post-options.ts';

export const postListingFields = {
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  cover_image: z.string().nullable(),
  cover_visible: z.boolean(),
  cover_aspect: z.enum(COVER_ASPECTS),
  cover_fit: z.enum(COVER_FITS),
  cover_width: z.enum(COVER_WIDTHS),
  status: z.enum(POST_STATUSES),
  published_at: z.string().nullable(),
  minutes_read: z.number(),
};
