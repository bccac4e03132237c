import { Link } from 'react-router';
import { PATHS } from '../constants.js';
import { CHANGELOG_BADGE_ID } from './thirdPartyWidgets.js';

/**
 * The side call-to-action stack (spec §2): Changelog, Feature request, SEN Contest. With the
 * changelog widget loaded, Changelog opens it; otherwise product updates reach sellers as
 * notifications, so Changelog opens that list.
 */
export function SideCta({ changelogReady = false }: { changelogReady?: boolean }) {
  return (
    <nav className="side-cta d-none d-md-flex" aria-label="Shortcuts" data-testid="side-cta">
      {changelogReady ? (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => window.Headway?.toggle()}
        >
          Changelog <span id={CHANGELOG_BADGE_ID} />
        </button>
      ) : (
        <Link to={PATHS.notifications} className="btn btn-sm btn-primary">
          Changelog <span id={CHANGELOG_BADGE_ID} />
        </Link>
      )}
      <Link to={PATHS.featureRequests} className="btn btn-sm btn-info">
        Feature request
      </Link>
      <Link to={PATHS.contest} className="btn btn-sm btn-warning">
        SEN Contest
      </Link>
    </nav>
  );
}
