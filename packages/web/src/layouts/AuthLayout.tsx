import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { domainInfo } from '../env/domain.js';
import { useMediaQuery } from '../env/useMediaQuery.js';
import { Logo } from '../shell/Logo.js';

/** Bootstrap's lg breakpoint: the featured panel is for desktops only (spec §2). */
const DESKTOP = '(min-width: 992px)';

// Its own chunk: a phone never loads the carousel, its banners or its modal.
const FeaturedCarousel = lazy(async () => ({
  default: (await import('../shell/FeaturedCarousel.js')).FeaturedCarousel,
}));

function AuthFrame({ featured }: { featured: boolean }) {
  const desktop = useMediaQuery(DESKTOP);
  return (
    <div className="min-vh-100 d-flex bg-body-tertiary">
      <main className="flex-grow-1 d-flex flex-column align-items-center justify-content-center p-4">
        <div className="mb-4">
          <Logo height={40} />
        </div>
        <div className="card shadow-sm w-100" style={{ maxWidth: 420 }}>
          <div className="card-body p-4">
            <Outlet />
          </div>
        </div>
      </main>
      {featured && desktop ? (
        <Suspense fallback={null}>
          <FeaturedCarousel />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Auth layout with the featured-info panel (spec §2), which fulfillment and custom-payment
 * domains do not show.
 */
export function FeaturedAuthLayout() {
  const domain = domainInfo(window.location.host);
  return <AuthFrame featured={!domain.isFulfillmentDomain && !domain.isCustomPaymentDomain} />;
}

/** Auth layout without the panel: two-factor, email verification, callbacks. */
export function PlainAuthLayout() {
  return <AuthFrame featured={false} />;
}
