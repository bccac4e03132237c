import { Link } from 'react-router';
import { usePageTitle } from './usePageTitle.js';

/** A page whose screen is not built yet: said plainly, inside the layout. */
export function ComingSoonPage() {
  const title = usePageTitle();
  return (
    <>
      <h1 className="h3 mb-4">{title}</h1>
      <div className="card text-center" data-testid="coming-soon">
        <div className="card-body py-5">
          <h2 className="h5">Coming soon</h2>
          <p className="text-body-secondary mb-4">
            The {title} page is not available yet. Everything else in the dashboard works as usual.
          </p>
          <Link to="/" className="btn btn-outline-primary">
            Back to the overview
          </Link>
        </div>
      </div>
    </>
  );
}
