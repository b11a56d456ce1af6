import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell.tsx';
import { FatalErrorScreen } from './fatal-error-boundary.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';
import { HomePage } from './routes/home/home-page.tsx';

/** The event page is a separate chunk: a visitor landing on home does not download it. */
const loadEventPage = () => import('../features/event-page/event-page.tsx').then((module) => ({ Component: module.EventPage }));
/** Support and admin carry socket.io; visitors who never open them never download it. */
const loadSupportPage = () => import('../features/support/support-page.tsx').then((module) => ({ Component: module.SupportPage }));
const loadAdminPage = () => import('./routes/admin/admin-page.tsx').then((module) => ({ Component: module.AdminPage }));

/**
 * Every route of the spec's route table (spec 02 §2). Pages owned by later issues render a plain placeholder
 * naming the page until their feature lands; the home page is eager because it is the landing page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <FatalErrorScreen />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'event/:eventId', lazy: loadEventPage },
      { path: 'events/:slug', lazy: loadEventPage },
      { path: 'support', lazy: loadSupportPage },
      { path: 'about', element: <PlaceholderPage name="About" /> },
      { path: 'privacy', element: <PlaceholderPage name="Privacy Policy" /> },
      { path: 'terms', element: <PlaceholderPage name="Terms of Use" /> },
      { path: 'blog', element: <PlaceholderPage name="Blog" /> },
      { path: 'blog/:slug', element: <PlaceholderPage name="Blog Post" /> },
      { path: 'partner', element: <PlaceholderPage name="Partner With Us" /> },
      { path: 'admin', lazy: loadAdminPage },
      { path: 'reviews', element: <PlaceholderPage name="Event Reviews" /> },
      { path: 'reviews/write', element: <PlaceholderPage name="Write a Review" /> },
      { path: 'reviews/thanks', element: <PlaceholderPage name="Thank You" /> },
      { path: '*', element: <PlaceholderPage name="Page not found" /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
