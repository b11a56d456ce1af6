import { useLocation } from 'react-router-dom';
import { ActionLinks } from '../../components/action-links/action-links.tsx';
import './static-pages.css';

/**
 * The path in parts that each end with their slash: a part is kept whole on its line, so a long path wraps between
 * parts; a part longer than the line itself is the only thing that wraps inside.
 */
function BreakablePath({ path }: { path: string }) {
  return (
    <>
      {path.split(/(?<=\/)/).map((part, index) => (
        <span key={index} className="not-found-page__part">
          {part}
        </span>
      ))}
    </>
  );
}

/**
 * Any path outside the route table. The title rule already names the page after the path; the server answers
 * the same path with status 404 (backend/src/http/seo/), so search engines do not index it.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="page static-page not-found-page">
      <div className="static-card not-found-page__card">
        <p className="not-found-page__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>There is no page at</p>
        <p>
          <code className="not-found-page__path">
            <BreakablePath path={pathname} />
          </code>
        </p>
        <p>It may have moved, or the link may be mistyped.</p>
        <ActionLinks
          className="static-cta__buttons"
          links={[
            { to: '/', label: 'Back to Events' },
            { to: '/support', label: 'Support' },
          ]}
        />
      </div>
    </main>
  );
}
