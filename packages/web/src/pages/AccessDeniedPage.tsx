import type { PageDenial } from '@printloom/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../api/hooks/useAuth.js';
import { ACCESS_DENIED_TITLE, BACK_HOME_LABEL, PATHS } from '../constants.js';
import { domainInfo, pageContext } from '../env/domain.js';
import { quickNavOptions } from '../shell/quickNav.js';
import { usePageTitle } from './usePageTitle.js';

/** How many pages the user may open are offered instead; quick navigation finds the rest. */
const OTHER_PAGES_SHOWN = 8;

function quoted(names: readonly string[]): ReactNode {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 ? (index === names.length - 1 ? ' or ' : ', ') : null}
      <code>{name}</code>
    </span>
  ));
}

/** What is missing, in words a team member can take to the account owner. */
export function deniedBecause(denial: PageDenial, title: string): ReactNode {
  switch (denial.reason) {
    case 'permission':
      return (
        <>
          The {title} page needs the <code>{denial.permission}</code> permission. The account owner
          can give it to you in the team settings.
        </>
      );
    case 'tag':
      return (
        <>
          The {title} page is only for accounts with the {quoted(denial.tags)}{' '}
          {denial.tags.length > 1 ? 'tags' : 'tag'}.
        </>
      );
    case 'gate':
      switch (denial.gate) {
        case 'account_owner':
          return <>Only the account owner can open the {title} page, not a team member.</>;
        case 'custom_payment':
          return <>The {title} page is for sellers who take payments with their own gateway.</>;
        case 'not_referral':
          return <>The {title} page is not open to referral accounts.</>;
        case 'bulk_capability':
          return (
            <>The {title} page needs bulk campaigns, which are not switched on for this account.</>
          );
      }
  }
}

/**
 * Shown inside the layout, in place of a page the signed-in user may not open (a permission,
 * tag or spec §6 gate missing): what is missing, a way home, and pages they may open instead.
 * The page itself never renders, so it fetches nothing.
 */
export function AccessDeniedPage({ denial }: { denial: PageDenial }) {
  const user = useMe();
  const title = usePageTitle();
  const { pathname } = useLocation();
  const others = user
    ? quickNavOptions(user, pageContext(domainInfo(window.location.host))).filter(
        (option) => option.path.split('?')[0] !== pathname,
      )
    : [];
  return (
    <section className="card" data-testid="access-denied" aria-labelledby="access-denied-title">
      <div className="card-body py-5 text-center">
        <h1 className="h4" id="access-denied-title">
          {ACCESS_DENIED_TITLE}
        </h1>
        <p className="text-body-secondary mb-4">{deniedBecause(denial, title)}</p>
        {pathname === PATHS.home ? null : (
          <Link to={PATHS.home} className="btn btn-primary">
            {BACK_HOME_LABEL}
          </Link>
        )}
        {others.length > 0 ? (
          <nav className="mt-4" aria-labelledby="access-denied-others">
            <h2 className="h6" id="access-denied-others">
              Pages you can open
            </h2>
            <ul className="list-inline mb-2">
              {others.slice(0, OTHER_PAGES_SHOWN).map((option) => (
                <li className="list-inline-item" key={option.path}>
                  <Link to={option.path}>{option.label}</Link>
                </li>
              ))}
            </ul>
            <p className="small text-body-secondary mb-0">
              Press Ctrl+G to find any page you can open.
            </p>
          </nav>
        ) : null}
      </div>
    </section>
  );
}
