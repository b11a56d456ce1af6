/**
 * The body of POST /api/blog/posts and PUT /api/blog/posts/{id} (spec 02 §7), parsed at the edge. A failure
 * answers 400 `{ error }` naming the field. Create needs a title and content; an update may send any subset.
 */
import { z } from 'zod';
import { canonicalCoverWidth, isAllowedCoverUrl } from './cover-rules.ts';
import { COVER_ASPECTS, COVER_FITS, POST_STATUSES } from './post-options.ts';

export const LIMITS = {
  title: 200,
  excerpt: 500,
  content: 50_000,
  category: 50,
  tags: 10,
  tag: 40,
  coverImage: 2048,
} as const;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** The editor sends tags as a comma string; API clients may send a list. Empty entries and repeats are dropped. */
const tags = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')))
  .pipe(
    z
      .array(text(LIMITS.tag, 'A tag'))
      .transform((list) => [...new Map(list.filter(Boolean).map((tag) => [tag.toLowerCase(), tag])).values()])
      .pipe(z.array(z.string()).max(LIMITS.tags, `At most ${LIMITS.tags} tags`)),
  );

const coverImage = z
  .string()
  .trim()
  .max(LIMITS.coverImage, `Cover image URL must be at most ${LIMITS.coverImage} characters`)
  .refine(
    (value) => value === '' || isAllowedCoverUrl(value),
    'Cover image must be an http(s) URL or a path on this site',
  )
  .transform((value) => value || null)
  .nullable();

const coverWidth = z.string().transform((value, ctx) => {
  const width = canonicalCoverWidth(value);
  if (!width) {
    ctx.addIssue({ code: 'custom', message: 'Cover width must be one of full, large, lg, medium, md' });
    return z.NEVER;
  }
  return width;
});

const fields = {
  title: text(LIMITS.title, 'Title').min(1, 'Title is required'),
  excerpt: text(LIMITS.excerpt, 'Excerpt'),
  content: z.string().max(LIMITS.content, `Content must be at most ${LIMITS.content} characters`),
  category: text(LIMITS.category, 'Category'),
  tags,
  cover_image: coverImage,
  cover_visible: z.boolean({ error: 'Must be true or false' }),
  cover_aspect: z.enum(COVER_ASPECTS, { error: `Cover aspect must be one of ${COVER_ASPECTS.join(', ')}` }),
  cover_fit: z.enum(COVER_FITS, { error: `Cover fit must be one of ${COVER_FITS.join(', ')}` }),
  cover_width: coverWidth,
  status: z.enum(POST_STATUSES, { error: `Status must be one of ${POST_STATUSES.join(', ')}` }),
};

export const createPostSchema = z.object({
  ...fields,
  content: fields.content.refine((value) => value.trim() !== '', 'Content is required'),
  excerpt: fields.excerpt.optional(),
  category: fields.category.optional(),
  tags: fields.tags.optional(),
  cover_image: fields.cover_image.optional(),
  cover_visible: fields.cover_visible.optional(),
  cover_aspect: fields.cover_aspect.optional(),
  cover_fit: fields.cover_fit.optional(),
  cover_width: fields.cover_width.optional(),
  status: fields.status.optional(),
});

export const updatePostSchema = z.object(fields).partial();

export type CreatePostInput = z.infer<typeof createPostSchema>;
export type UpdatePostInput = z.infer<typeof updatePostSchema>;
/** What the editor sends to create a post (`POST /api/blog/posts`). */
export type CreatePostBody = z.input<typeof createPostSchema>;
/** What the editor sends to change one (`PUT /api/blog/posts/{id}`): any of the fields. */
export type UpdatePostBody = z.input<typeof updatePostSchema>;

/** GET /api/blog/posts: `status=all` (or `draft`) needs the admin credential. */
export const listQuerySchema = z.object({
  status: z
    .enum(['published', 'draft', 'all'], { error: 'Status must be one of published, draft, all' })
    .default('published'),
  category: text(LIMITS.category, 'Category').optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;
