import { formatCurrency, menuFor, menuPaths, roleOf } from '@printloom/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/hooks/useAuth.js';
import { STORAGE_KEYS } from '../constants.js';
import { domainInfo, pageContext } from '../env/domain.js';
import { removeStorage } from '../env/storage.js';
import { quickNavOptions } from '../shell/quickNav.js';
import { gettingStarted } from '../shell/tourStore.js';
import { OverviewReport } from './overview/OverviewReport.js';

/**
 * The overview: who is signed in, the balance, the seller's numbers for a date range, and
 * shortcuts to what the menu allows.
 */
export function DashboardPage() {
  const user = useMe();
  useEffect(() => {
    gettingStarted.set(true);
    return () => gettingStarted.set(false);
  }, []);
  if (!user) return null;
  const context = pageContext(domainInfo(window.location.host));
  const allowed = new Set(menuPaths(menuFor(user, context)));
  const shortcuts = quickNavOptions(user, context).filter(
    (option) => allowed.has(option.path) && option.path !== '/',
  );
  return (
    <>
      <h1 className="h3 mb-4" data-testid="dashboard-title">
        {/* A new account has never signed in before: 'back' would greet a stranger. */}
        {user.last_login_at ? 'Welcome back' : 'Welcome'}, {user.name}
      </h1>
      <div className="row g-3 mb-4">
        <div className="col-sm-6 col-lg-3">
          <div className="card h-100">
            <div className="card-body">
              <div className="text-body-secondary small">Balance</div>
              <div className="fs-4 fw-semibold">{formatCurrency(user.balance, 'USD')}</div>
            </div>
          </div>
        </div>
        <div className="col-sm-6 col-lg-3">
          <div className="card h-100">
            <div className="card-body">
              <div className="text-body-secondary small">SMS credits</div>
              <div className="fs-4 fw-semibold">{user.sms_credit}</div>
            </div>
          </div>
        </div>
        <div className="col-sm-6 col-lg-3">
          <div className="card h-100">
            <div className="card-body">
              <div className="text-body-secondary small">Account</div>
              <div className="fs-5 fw-semibold text-capitalize">
                {roleOf(user).replace('_', ' ')}
              </div>
              <div className="small text-body-secondary">{user.email}</div>
            </div>
          </div>
        </div>
      </div>
      <section
        className="card mb-4"
        aria-labelledby="getting-started"
        data-testid="getting-started"
      >
        <div className="card-body">
          <h2 className="h5" id="getting-started">
            Getting started
          </h2>
          <ol className="mb-3">
            <li>
              <Link to="/storefronts">Create a store</Link>
            </li>
            <li>
              <Link to="/campaigns">Launch a campaign</Link>
            </li>
            <li>
              <Link to="/orders">Manage your orders</Link>
            </li>
          </ol>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => {
              removeStorage(STORAGE_KEYS.disableProductTour);
              removeStorage(STORAGE_KEYS.stepProductTour);
              window.location.reload();
            }}
          >
            Take the tour again
          </button>
        </div>
      </section>
      <h2 className="h5 mb-3">Go to</h2>
      <div className="d-flex flex-wrap gap-2">
        {shortcuts.map((option) => (
          <Link key={option.path} to={option.path} className="btn btn-outline-secondary btn-sm">
            {option.label}
          </Link>
        ))}
      </div>
      <p className="text-body-secondary small mt-4">
        Tip: press Ctrl+G (⌘G on a Mac) to jump to any page.
      </p>
      {/* Last: its figures arrive after the page, and nothing below them may move. */}
      <OverviewReport />
    </>
  );
}
