/** The blog's and the reviews' calls (public reading and writing, admin moderation and editing). */
import { blogCreatePostSchema, blogListQuerySchema, blogUpdatePostSchema, FEED_PATH } from '@evently/blog';
import {
  freeTextReviewSchema,
  reviewAdminListQuerySchema,
  reviewFieldsSchema,
  reviewPublicListQuerySchema,
  reviewRejectBodySchema,
} from '@evently/reviews';
import { postDeletedSchema, postListSchema, postMovedSchema, postSchema } from '@evently/blog/contracts';
import {
  adminReviewListSchema,
  moderatedReviewSchema,
  reviewDeletedSchema,
  reviewPageSchema,
  reviewSubmittedSchema,
} from '@evently/reviews/contracts';
import type { ApiRoute } from '../api-route.ts';
import { answer, formRefusals, notFound, routesOf } from '../route-builder.ts';

const blog = routesOf('blog');

const blogRoutes: ApiRoute[] = [
  blog.get(
    '/api/blog/posts',
    'Published posts (drafts and all posts for admins)',
    { 200: answer('Posts', postListSchema), 401: 'Drafts asked without the admin credential' },
    { query: blogListQuerySchema },
  ),
  blog.get('/api/blog/posts/:slug', 'One post by slug (drafts for admins)', {
    200: answer('The post', postSchema),
    308: answer('The slug changed; Location has the new one', postMovedSchema),
    ...notFound('Post'),
  }),
  blog.admin.post(
    '/api/blog/posts',
    'Create a post',
    { 201: answer('The post', postSchema), 400: 'A field is invalid' },
    { body: blogCreatePostSchema },
  ),
  blog.admin.put(
    '/api/blog/posts/:id',
    'Update a post (any subset of fields)',
    { 200: answer('The post', postSchema), 400: 'A field is invalid', ...notFound('Post') },
    { body: blogUpdatePostSchema },
  ),
  blog.admin.delete('/api/blog/posts/:id', 'Delete a post', {
    200: answer('Deleted', postDeletedSchema),
    ...notFound('Post'),
  }),
  blog.get(FEED_PATH, 'RSS feed of published posts', { 200: 'RSS 2.0' }, { produces: 'application/rss+xml' }),
  blog.get(
    '/blog/:slug',
    'Old post address: redirects to the current slug (else the SPA page)',
    { 200: 'The SPA page', 301: 'Moved to the current slug' },
    { produces: 'text/html' },
  ),
];

const reviews = routesOf('reviews');

const reviewsRoutes: ApiRoute[] = [
  reviews.post(
    '/api/events/:eventId/reviews',
    'Review a catalogue event (held for moderation; a repeat from one address is answered alike and not stored)',
    { 201: answer('Submitted', reviewSubmittedSchema), ...formRefusals('reviews'), ...notFound('Event') },
    { body: reviewFieldsSchema, rateLimited: true },
  ),
  reviews.post(
    '/api/reviews',
    'Review an event named in free text',
    { 201: answer('Submitted', reviewSubmittedSchema), ...formRefusals('reviews') },
    { body: freeTextReviewSchema, rateLimited: true },
  ),
  reviews.get(
    '/api/reviews',
    'Approved reviews',
    { 200: answer('A page of reviews', reviewPageSchema) },
    { query: reviewPublicListQuerySchema },
  ),
  reviews.admin.get(
    '/api/admin/reviews',
    'Reviews for moderation',
    { 200: answer('Reviews', adminReviewListSchema) },
    { query: reviewAdminListQuerySchema },
  ),
  reviews.admin.post('/api/admin/reviews/:id/approve', 'Approve a review', {
    200: answer('Approved', moderatedReviewSchema),
    ...notFound('Review'),
    409: 'Already approved',
  }),
  reviews.admin.post(
    '/api/admin/reviews/:id/reject',
    'Reject a review',
    { 200: answer('Rejected', moderatedReviewSchema), ...notFound('Review'), 409: 'Already rejected' },
    { body: reviewRejectBodySchema },
  ),
  reviews.admin.delete('/api/admin/reviews/:id', 'Delete a review', {
    200: answer('Deleted', reviewDeletedSchema),
    ...notFound('Review'),
  }),
];

export const contentRoutes: ApiRoute[] = [...blogRoutes, ...reviewsRoutes];
