import {
  isMemberPage,
  PAGE_LIST,
  type PageDef,
  type PageId,
  type PageLayout,
  pageGuards,
} from '@printloom/core';
import { type ComponentType, lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, type RouteObject, useLoaderData } from 'react-router';
import { queryClient } from '../api/queryClient.js';
import { Root } from '../layouts/Root.js';
import { ErrorPage } from '../pages/ErrorPage.js';
import { PAGE_COMPONENTS } from './pageComponents.js';
import { loadPageData, PAGE_DATA } from './pageData.js';
import { type PageLoaderData, pageLoader } from './pageLoader.js';

/** What a route tells the shell: its page and title (document title, headings). */
export interface RouteHandle {
  pageId: PageId;
  title: string;
}

// Few visits end there, so the access-denied page stays out of the entry chunk.
const AccessDeniedPage = lazy(async () => ({
  default: (await import('../pages/AccessDeniedPage.js')).AccessDeniedPage,
}));

/** A signed-in page, or the access-denied page when its loader found the user may not open it. */
function MemberPage({ Page }: { Page: ComponentType }) {
  const data = useLoaderData() as PageLoaderData | undefined;
  if (!data?.denial) return <Page />;
  return (
    <Suspense fallback={null}>
      <AccessDeniedPage denial={data.denial} />
    </Suspense>
  );
}

/** The route of one PAGES row: its address, title, guards and access check, its component. */
export function pageRoute(page: PageDef & { readonly id: PageId }): RouteObject {
  const load = PAGE_COMPONENTS[page.id];
  const route: RouteObject = {
    path: page.path,
    handle: { pageId: page.id, title: page.title } satisfies RouteHandle,
    lazy: isMemberPage(page)
      ? async () => {
          const Page = await load();
          return { element: <MemberPage Page={Page} /> };
        }
      : async () => ({ Component: await load() }),
  };
  const guarded = pageGuards(page).length > 0 ? pageLoader(page) : null;
  if (guarded || PAGE_DATA[page.id]) {
    route.loader = async (args: LoaderFunctionArgs): Promise<PageLoaderData> => {
      const answer = guarded ? await guarded(args) : { denial: null };
      // The page's reads start once the guards let the user in, never for a denied page.
      if (!answer.denial) await loadPageData(page.id, args.params, queryClient);
      return answer;
    };
  }
  return route;
}

function routesOf(layout: PageLayout): RouteObject[] {
  return PAGE_LIST.filter((page) => page.layout === layout).map(pageRoute);
}

/**
 * The route tree (spec §2), from the PAGES table of core: the logged-in default layout with
 * every page route, the two auth layouts (with and without the featured-info panel), and the
 * blank layout with maintenance and the 404 page for everything else. Every page is its own
 * chunk.
 */
export function createRoutes(): RouteObject[] {
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
          children: routesOf('default'),
        },
        {
          lazy: async () => ({
            Component: (await import('../layouts/AuthLayout.js')).FeaturedAuthLayout,
          }),
          errorElement: <ErrorPage />,
          children: routesOf('auth'),
        },
        {
          lazy: async () => ({
            Component: (await import('../layouts/AuthLayout.js')).PlainAuthLayout,
          }),
          errorElement: <ErrorPage />,
          children: routesOf('authPlain'),
        },
        {
          lazy: async () => ({
            Component: (await import('../layouts/BlankLayout.js')).BlankLayout,
          }),
          children: routesOf('blank'),
        },
      ],
    },
  ];
}

/** Shown while the first page's guards and data load. */
function StartingUp() {
  return <div className="route-loading-bar" role="progressbar" aria-label="Loading page" />;
}
