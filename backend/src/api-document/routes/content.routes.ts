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

const blogRoutes: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/blog/posts',
    tag: 'blog',
    summary: 'Published posts (drafts and all posts for admins)',
    query: blogListQuerySchema,
    responses: { 200: 'Posts', 401: 'Drafts asked without the admin credential' },
    answers: { 200: postListSchema },
  },
  {
    method: 'get',
    path: '/api/blog/posts/:slug',
    tag: 'blog',
    summary: 'One post by slug (drafts for admins)',
    responses: { 200: 'The post', 308: 'The slug changed; Location has the new one', 404: 'Post not found' },
    answers: { 200: postSchema, 308: postMovedSchema },
  },
  {
    method: 'post',
    path: '/api/blog/posts',
    tag: 'blog',
    admin: true,
    summary: 'Create a post',
    body: blogCreatePostSchema,
    responses: { 201: 'The post', 400: 'A field is invalid' },
    answers: { 201: postSchema },
  },
  {
    method: 'put',
    path: '/api/blog/posts/:id',
    tag: 'blog',
    admin: true,
    summary: 'Update a post (any subset of fields)',
    body: blogUpdatePostSchema,
    responses: { 200: 'The post', 400: 'A field is invalid', 404: 'Post not found' },
    answers: { 200: postSchema },
  },
  {
    method: 'delete',
    path: '/api/blog/posts/:id',
    tag: 'blog',
    admin: true,
    summary: 'Delete a post',
    responses: { 200: 'Deleted', 404: 'Post not found' },
    answers: { 200: postDeletedSchema },
  },
  {
    method: 'get',
    path: FEED_PATH,
    tag: 'blog',
    summary: 'RSS feed of published posts',
    produces: 'application/rss+xml',
    responses: { 200: 'RSS 2.0' },
  },
  {
    method: 'get',
    path: '/blog/:slug',
    tag: 'blog',
    summary: 'Old post address: redirects to the current slug (else the SPA page)',
    produces: 'text/html',
    responses: { 200: 'The SPA page', 301: 'Moved to the current slug' },
  },
];

const reviewsRoutes: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/events/:eventId/reviews',
    tag: 'reviews',
    summary:
      'Review a catalogue event (held for moderation; a repeat from one address is answered alike and not stored)',
    body: reviewFieldsSchema,
    responses: {
      201: 'Submitted',
      400: 'A field is invalid',
      404: 'Event not found',
      429: 'Too many reviews from this network',
    },
    rateLimited: true,
    answers: { 201: reviewSubmittedSchema },
  },
  {
    method: 'post',
    path: '/api/reviews',
    tag: 'reviews',
    summary: 'Review an event named in free text',
    body: freeTextReviewSchema,
    responses: { 201: 'Submitted', 400: 'A field is invalid', 429: 'Too many reviews from this network' },
    rateLimited: true,
    answers: { 201: reviewSubmittedSchema },
  },
  {
    method: 'get',
    path: '/api/reviews',
    tag: 'reviews',
    summary: 'Approved reviews',
    query: reviewPublicListQuerySchema,
    responses: { 200: 'A page of reviews' },
    answers: { 200: reviewPageSchema },
  },
  {
    method: 'get',
    path: '/api/admin/reviews',
    tag: 'reviews',
    admin: true,
    summary: 'Reviews for moderation',
    query: reviewAdminListQuerySchema,
    responses: { 200: 'Reviews' },
    answers: { 200: adminReviewListSchema },
  },
  {
    method: 'post',
    path: '/api/admin/reviews/:id/approve',
    tag: 'reviews',
    admin: true,
    summary: 'Approve a review',
    responses: { 200: 'Approved', 404: 'Review not found', 409: 'Already approved' },
    answers: { 200: moderatedReviewSchema },
  },
  {
    method: 'post',
    path: '/api/admin/reviews/:id/reject',
    tag: 'reviews',
    admin: true,
    summary: 'Reject a review',
    body: reviewRejectBodySchema,
    responses: { 200: 'Rejected', 404: 'Review not found', 409: 'Already rejected' },
    answers: { 200: moderatedReviewSchema },
  },
  {
    method: 'delete',
    path: '/api/admin/reviews/:id',
    tag: 'reviews',
    admin: true,
    summary: 'Delete a review',
    responses: { 200: 'Deleted', 404: 'Review not found' },
    answers: { 200: reviewDeletedSchema },
  },
];

export const contentRoutes: ApiRoute[] = [...blogRoutes, ...reviewsRoutes];
