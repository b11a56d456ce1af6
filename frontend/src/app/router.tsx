import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell.tsx';
import { FatalErrorScreen } from './fatal-error-boundary.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';
import { HomePage } from './routes/home/home-page.tsx';

/** The event page is a separate chunk: a visitor landing on home does not download it. */
const loadEventPage = () => import('../features/event-page/event-page.tsx').then((module) => ({ Component: module.EventPage }));

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
      { path: 'support', element: <PlaceholderPage name="Support" /> },
      { path: 'about', element: <PlaceholderPage name="About" /> },
      { path: 'privacy', element: <PlaceholderPage name="Privacy Policy" /> },
      { path: 'terms', element: <PlaceholderPage name="Terms of Use" /> },
      { path: 'blog', element: <PlaceholderPage name="Blog" /> },
      { path: 'blog/:slug', element: <PlaceholderPage name="Blog Post" /> },
      { path: 'partner', element: <PlaceholderPage name="Partner With Us" /> },
      { path: 'admin', element: <PlaceholderPage name="Admin Panel" /> },
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
