import { Link } from 'react-router';
import { PATHS } from '../constants.js';

/**
 * The side call-to-action stack (spec §2): Changelog, Feature request, SEN Contest. Product
 * updates reach sellers as notifications, so Changelog opens that list.
 */
export function SideCta() {
  return (
    <nav className="side-cta d-none d-md-flex" aria-label="Shortcuts" data-testid="side-cta">
      <Link to={PATHS.notifications} className="btn btn-sm btn-primary">
        Changelog
      </Link>
      <Link to={PATHS.featureRequests} className="btn btn-sm btn-info">
        Feature request
      </Link>
      <Link to={PATHS.contest} className="btn btn-sm btn-warning">
        SEN Contest
      </Link>
    </nav>
  );
}
