import type { LazyRouteFunction, RouteObject } from 'react-router';
import { Root } from '../layouts/Root.js';
import { ErrorPage } from '../pages/ErrorPage.js';
import { CAMPAIGN_ROUTES } from './campaignRoutes.js';
import { DEFAULT_LAYOUT_GUARDS } from './guards.js';
import { guestLoader, pageLoader } from './pageLoader.js';
import { PAGE_ROUTES, type PageRoute } from './pageRoutes.js';

/** What a route tells the shell: its title (document title, "coming soon" card). */
export interface RouteHandle {
  title: string;
}

type Lazy = LazyRouteFunction<RouteObject>;

const pageModules: Record<NonNullable<PageRoute['page']> | 'comingSoon', Lazy> = {
  comingSoon: async () => ({
    Component: (await import('../pages/ComingSoonPage.js')).ComingSoonPage,
  }),
  dashboard: async () => ({ Component: (await import('../pages/DashboardPage.js')).DashboardPage }),
  notifications: async () => ({
    Component: (await import('../pages/NotificationsPage.js')).NotificationsPage,
  }),
  notification: async () => ({
    Component: (await import('../pages/NotificationPage.js')).NotificationPage,
  }),
  account: async () => ({ Component: (await import('../pages/AccountPage.js')).AccountPage }),
};

function authPage(path: string, title: string, lazy: Lazy, guest = false): RouteObject {
  const route: RouteObject = { path, lazy, handle: { title } satisfies RouteHandle };
  if (guest) route.loader = guestLoader;
  return route;
}

const auth = {
  login: async () => ({ Component: (await import('../pages/auth/LoginPage.js')).LoginPage }),
  register: async () => ({
    Component: (await import('../pages/auth/RegisterPage.js')).RegisterPage,
  }),
  forgot: async () => ({
    Component: (await import('../pages/auth/ForgotPasswordPage.js')).ForgotPasswordPage,
  }),
  reset: async () => ({
    Component: (await import('../pages/auth/ResetPasswordPage.js')).ResetPasswordPage,
  }),
  tfa: async () => ({ Component: (await import('../pages/auth/TfaPage.js')).TfaPage }),
  verify: async () => ({
    Component: (await import('../pages/auth/VerifyEmailPage.js')).VerifyEmailPage,
  }),
  asSeller: async () => ({
    Component: (await import('../pages/auth/LoginAsSellerPage.js')).LoginAsSellerPage,
  }),
  callback: async () => ({
    Component: (await import('../pages/auth/CallbackPage.js')).CallbackPage,
  }),
  logout: async () => ({ Component: (await import('../pages/auth/LogoutPage.js')).LogoutPage }),
} satisfies Record<string, Lazy>;

/**
 * The route tree (spec §2): the logged-in default layout with every page route, the two auth
 * layouts (with and without the featured-info panel), a blank layout, and the 404 page for
 * everything else. Every page is its own chunk.
 */
export function createRoutes(): RouteObject[] {
  const pages: RouteObject[] = [
    ...PAGE_ROUTES.map((page) => ({
      path: page.path,
      lazy: pageModules[page.page ?? 'comingSoon'],
      loader: pageLoader([...DEFAULT_LAYOUT_GUARDS, ...(page.guards ?? [])]),
      handle: { title: page.title } satisfies RouteHandle,
    })),
    ...CAMPAIGN_ROUTES.map((page) => ({
      path: page.path,
      lazy: page.lazy,
      loader: pageLoader([...DEFAULT_LAYOUT_GUARDS, ...(page.guards ?? [])]),
      handle: { title: page.title } satisfies RouteHandle,
    })),
  ];
  return [
    {
      element: <Root />,
      errorElement: <ErrorPage />,
      HydrateFallback: StartingUp,
      children: [
        {
          lazy: async () => ({
            Component: (await import('../layouts/DefaultLayout.js')).DefaultLayout,
          }),
          errorElement: <ErrorPage />,
          children: pages,
        },
        {
          lazy: async () => ({
            Component: (await import('../layouts/AuthLayout.js')).FeaturedAuthLayout,
          }),
          errorElement: <ErrorPage />,
          children: [
            authPage('/auth/login', 'Login', auth.login, true),
            authPage('/auth/register', 'Register', auth.register, true),
            authPage('/auth/forgot-password', 'Forgot Password', auth.forgot),
            authPage('/auth/reset-password', 'Reset Password', auth.reset),
          ],
        },
        {
          lazy: async () => ({
            Component: (await import('../layouts/AuthLayout.js')).PlainAuthLayout,
          }),
          errorElement: <ErrorPage />,
          children: [
            authPage('/auth/tfa', 'Two-Factor Authentication', auth.tfa),
            authPage('/auth/verify-email', 'Verify Email', auth.verify),
            authPage('/auth/login-as-seller', 'Login As Seller', auth.asSeller),
            authPage('/auth/callback', 'Signing In', auth.callback),
            authPage('/auth/logout', 'Logout', auth.logout),
          ],
        },
        {
          lazy: async () => ({
            Component: (await import('../layouts/BlankLayout.js')).BlankLayout,
          }),
          children: [
            {
              path: '/maintenance',
              handle: { title: 'Maintenance' } satisfies RouteHandle,
              lazy: async () => ({
                Component: (await import('../pages/MaintenancePage.js')).MaintenancePage,
              }),
            },
            {
              path: '/error/404',
              handle: { title: 'Page not found' } satisfies RouteHandle,
              Component: NotFoundRoute,
            },
            {
              path: '*',
              handle: { title: 'Page not found' } satisfies RouteHandle,
              Component: NotFoundRoute,
            },
          ],
        },
      ],
    },
  ];
}

/** Shown while the first page's guards and data load. */
function StartingUp() {
  return <div className="route-loading-bar" role="progressbar" aria-label="Loading page" />;
}

function NotFoundRoute() {
  return <ErrorPage status={404} />;
}
