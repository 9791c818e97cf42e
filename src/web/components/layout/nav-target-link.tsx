import { ExternalLinkIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { NavTarget } from './nav-items';

/** A link to a nav target: router link inside the app, new tab for an external site. */
export function NavTargetLink({ navTarget, children, ...props }: Omit<ComponentProps<'a'>, 'href' | 'target'> & { navTarget: NavTarget }) {
  if (navTarget.isExternal) {
    return (
      <a href={navTarget.href} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
        <ExternalLinkIcon className="ml-1 inline size-3 opacity-60" aria-hidden />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={navTarget.href} {...props}>
      {children}
    </Link>
  );
}
