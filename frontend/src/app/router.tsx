import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell.tsx';
import { FatalErrorScreen } from './fatal-error-boundary.tsx';
import { HomePage } from './routes/home/home-page.tsx';
import { NotFoundPage } from '../features/static-pages/not-found-page.tsx';

/** The event page is a separate chunk: a visitor landing on home does not download it. */
const loadEventPage = () =>
  import('../features/event-page/event-page.tsx').then((module) => ({ Component: module.EventPage }));
/** Support and admin carry socket.io; visitors who never open them never download it. */
const loadSupportPage = () =>
  import('../features/support/support-page.tsx').then((module) => ({ Component: module.SupportPage }));
const loadAdminPage = () => import('./routes/admin/admin-page.tsx').then((module) => ({ Component: module.AdminPage }));
/** The blog pages are their own chunk: most visitors never open them. */
const loadBlogIndex = () =>
  import('../features/blog/blog-index-page.tsx').then((module) => ({ Component: module.BlogIndexPage }));
const loadBlogPost = () =>
  import('../features/blog/blog-post-page.tsx').then((module) => ({ Component: module.BlogPostPage }));
const loadReviewsPage = () =>
  import('../features/reviews/reviews-page.tsx').then((module) => ({ Component: module.ReviewsPage }));
const loadReviewThanksPage = () =>
  import('../features/reviews/review-thanks-page.tsx').then((module) => ({ Component: module.ReviewThanksPage }));
const loadWriteReviewPage = () =>
  import('../features/reviews/write-review-page.tsx').then((module) => ({ Component: module.WriteReviewPage }));
/** The text pages and the partner form are rarely the landing page: each is its own small chunk. */
const loadAboutPage = () =>
  import('../features/static-pages/about-page.tsx').then((module) => ({ Component: module.AboutPage }));
const loadPrivacyPage = () =>
  import('../features/static-pages/privacy-page.tsx').then((module) => ({ Component: module.PrivacyPage }));
const loadTermsPage = () =>
  import('../features/static-pages/terms-page.tsx').then((module) => ({ Component: module.TermsPage }));
const loadPartnerPage = () =>
  import('../features/partner/partner-page.tsx').then((module) => ({ Component: module.PartnerPage }));

/** Every route of the spec's route table (spec 02 §2); the home page is eager because it is the landing page. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <FatalErrorScreen />,
    // A direct load of a lazy route (an event page) renders nothing until its chunk arrives; without a fallback
    // React Router warns about a missing HydrateFallback on every such load.
    hydrateFallbackElement: (
      <p className="page-loading" role="status">
        Loading...
      </p>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'event/:eventId', lazy: loadEventPage },
      { path: 'events/:slug', lazy: loadEventPage },
      { path: 'support', lazy: loadSupportPage },
      { path: 'about', lazy: loadAboutPage },
      { path: 'privacy', lazy: loadPrivacyPage },
      { path: 'terms', lazy: loadTermsPage },
      { path: 'blog', lazy: loadBlogIndex },
      { path: 'blog/:slug', lazy: loadBlogPost },
      { path: 'partner', lazy: loadPartnerPage },
      { path: 'admin', lazy: loadAdminPage },
      { path: 'reviews', lazy: loadReviewsPage },
      { path: 'reviews/write', lazy: loadWriteReviewPage },
      { path: 'reviews/thanks', lazy: loadReviewThanksPage },
      // Keep in step with route-paths.ts: the server answers 404 for anything this table does not list.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
