import { Outlet } from 'react-router';

/** A page with no chrome: maintenance and error pages (spec §2 blank layout). */
export function BlankLayout() {
  return (
    <div className="min-vh-100 bg-body-tertiary">
      <Outlet />
    </div>
  );
}
