import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, isKnownPath } from './route-paths.ts';
import { routes } from './router.tsx';

describe('the shared route table', () => {
  it('lists exactly the router pages, so the server and the client agree on what exists', () => {
    const children = routes[0]?.children ?? [];
    const fromRouter = children
      .filter((route) => route.path !== '*')
      .map((route) => (route.index ? '/' : `/${route.path ?? ''}`));
    expect([...fromRouter].sort()).toEqual([...PAGE_PATHS].sort());
    expect(children.some((route) => route.path === '*')).toBe(true);
  });

  it.each(['/', '/about', '/about/', '/event/42', '/events/42-jazz-night', '/blog/spring-guide', '/reviews/thanks'])(
    'knows %s',
    (path) => {
      expect(isKnownPath(path)).toBe(true);
    },
  );

  it.each(['/nope', '/event', '/event/', '/event/42/extra', '/about/team', '/blog/a/b'])('does not know %s', (path) => {
    expect(isKnownPath(path)).toBe(false);
  });
});
