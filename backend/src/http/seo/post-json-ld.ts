/** schema.org `BlogPosting` for a published post, typed by schema-dts. */
import type { PostView } from '@evently/blog';
import type { BlogPosting, WithContext } from 'schema-dts';

export function postJsonLd(
  post: PostView,
  pageUrl: string,
  publicUrl: string,
  appName: string,
): WithContext<BlogPosting> {
  const image = post.cover_image ? new URL(post.cover_image, `${publicUrl}/`).href : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    ...(post.excerpt ? { description: post.excerpt } : {}),
    url: pageUrl,
    mainEntityOfPage: pageUrl,
    ...(post.published_at ? { datePublished: post.published_at } : {}),
    dateModified: post.updated_at,
    ...(image ? { image } : {}),
    ...(post.category ? { articleSection: post.category } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    timeRequired: `PT${Math.max(1, post.minutes_read)}M`,
    author: { '@type': 'Organization', name: appName, url: `${publicUrl}/` },
    publisher: { '@type': 'Organization', name: appName, url: `${publicUrl}/` },
  };
}
