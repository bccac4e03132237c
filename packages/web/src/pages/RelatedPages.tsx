import { canOpenPage, hasTag, type PageId, pageById, pageLink } from '@printloom/core';
import { Link } from 'react-router';
import { useMe } from '../api/hooks/useAuth.js';
import { TAGS } from '../constants.js';

/**
 * Links to the pages next to this one that the menu does not list (points from the contest,
 * shop connections from Fulfill Orders): only those the user may open, named by their titles.
 */
export function RelatedPages({ pages, label }: { pages: readonly PageId[]; label: string }) {
  const user = useMe();
  if (!user) return null;
  const shown = pages
    .map((id) => pageById(id))
    .filter(
      (page) =>
        canOpenPage(page, user) &&
        // The beta guard sends everyone else home: no link to a page that would.
        (!page.guards?.includes('beta-auth') || hasTag(user, TAGS.beta)),
    );
  if (shown.length === 0) return null;
  return (
    <nav aria-label={label} className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <span className="small text-body-secondary">{label}:</span>
      {shown.map((page) => (
        <Link key={page.id} className="btn btn-sm btn-outline-secondary" to={pageLink(page)}>
          {page.title}
        </Link>
      ))}
    </nav>
  );
}
