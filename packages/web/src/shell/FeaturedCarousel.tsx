import {
  FEATURED_CAROUSEL_INTERVAL_MS,
  FEATURED_PANEL_MAX_WIDTH_PX,
  type FeaturedInfo,
} from '@printloom/core';
import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import { useFeaturedInfo } from '../api/hooks/useFeaturedInfo.js';
import { GenericModal } from './GenericModal.js';

/**
 * The featured-info panel of the auth layout (spec §2): desktop only, at most 500 px wide, banners
 * advancing every 3000 ms. A banner opens its article in a new tab, or an extra-large modal with
 * the subject, the banner and the HTML description (sanitized by the server).
 */
export function FeaturedCarousel() {
  const { data } = useFeaturedInfo(true);
  const [open, setOpen] = useState<FeaturedInfo | null>(null);
  if (!data || data.length === 0) return null;
  const choose = (item: FeaturedInfo) => {
    if (item.article_url) window.open(item.article_url, '_blank', 'noopener,noreferrer');
    else setOpen(item);
  };
  return (
    <aside
      className="d-none d-lg-flex align-items-center bg-body p-4 border-start"
      style={{ maxWidth: FEATURED_PANEL_MAX_WIDTH_PX, width: '40%' }}
      aria-label="Featured"
      data-testid="featured-panel"
    >
      <Carousel interval={FEATURED_CAROUSEL_INTERVAL_MS} className="w-100" indicators controls>
        {data.map((item) => (
          <Carousel.Item key={`${item.subject}-${item.banner_url}`}>
            <button
              type="button"
              className="btn p-0 border-0 w-100"
              onClick={() => choose(item)}
              aria-label={item.subject}
            >
              <img src={item.banner_url} alt={item.subject} className="d-block w-100 rounded" />
            </button>
          </Carousel.Item>
        ))}
      </Carousel>
      <GenericModal
        id="featured-info"
        show={open !== null}
        size="xl"
        title={open?.subject}
        onHide={() => setOpen(null)}
      >
        {open ? (
          <>
            <img src={open.banner_url} alt={open.subject} className="img-fluid mb-3 rounded" />
            {/* The description is HTML the server sanitized before storing it. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server HTML */}
            <div dangerouslySetInnerHTML={{ __html: open.description ?? '' }} />
          </>
        ) : null}
      </GenericModal>
    </aside>
  );
}
