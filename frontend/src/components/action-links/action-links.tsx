import { Link } from 'react-router-dom';

export interface ActionLink {
  to: string;
  label: string;
}

/** A row of links drawn as buttons: the first is the page's main way on, the others are secondary. */
export function ActionLinks({ links, className }: { links: readonly ActionLink[]; className: string }) {
  return (
    <div className={className}>
      {links.map((link, index) => (
        <Link key={link.to} className={index === 0 ? 'btn btn-primary' : 'btn'} to={link.to}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
