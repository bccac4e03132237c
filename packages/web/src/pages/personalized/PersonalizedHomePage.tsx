import { pagePath } from '@printloom/core';
import { Link } from 'react-router';
import { usePersonalizedSummary } from '../../api/hooks/usePersonalized.js';
import { ListLoadError } from '../../lists/ListLoadError.js';

/**
 * Personalized (spec §2 /personalized, issue 16): what the seller has for personalised products
 * and where to manage each part.
 */
export function PersonalizedHomePage() {
  const summary = usePersonalizedSummary();
  const counts = summary.data;
  const count = (n: number | undefined, one: string, many: string) =>
    n === undefined ? '…' : `${n} ${n === 1 ? one : many}`;
  const parts = [
    {
      page: 'artworks' as const,
      title: 'Artworks',
      figure: null,
      text: 'Personalisable designs: choose which texts a buyer may change (with a label, a length limit, fonts and colours) and which images they pick from a clipart group.',
    },
    {
      page: 'cliparts' as const,
      title: 'Cliparts',
      figure: `${count(counts?.cliparts, 'image', 'images')} in ${count(counts?.clipart_groups, 'group', 'groups')}`,
      text: 'Libraries of images in groups, uploaded in bulk, for buyers to choose from.',
    },
    {
      page: 'fonts' as const,
      title: 'Fonts',
      figure: count(counts?.fonts, 'font', 'fonts'),
      text: 'Your own font files (TTF, OTF, WOFF, WOFF2), in the design editor and for buyers’ texts.',
    },
  ];
  return (
    <>
      <h1 className="h3 mb-2">Personalized products</h1>
      <p className="text-body-secondary">
        Let buyers put their own words and picks on a product: a name on a mug, a pet on a shirt.
        The print file is drawn from what the buyer chose.
      </p>
      <ListLoadError error={summary.error} onRetry={() => void summary.refetch()} />
      <div className="row g-3">
        {parts.map((part) => (
          <div className="col-md-4" key={part.page}>
            <section className="card h-100" aria-labelledby={`personalized-${part.page}`}>
              <div className="card-body d-flex flex-column">
                <h2 className="h5" id={`personalized-${part.page}`}>
                  {part.title}
                </h2>
                {part.figure ? (
                  <p className="fs-5 fw-semibold mb-2" data-testid={`count-${part.page}`}>
                    {part.figure}
                  </p>
                ) : null}
                <p className="text-body-secondary flex-grow-1">{part.text}</p>
                <Link className="btn btn-outline-primary align-self-start" to={pagePath(part.page)}>
                  Manage {part.title.toLowerCase()}
                </Link>
              </div>
            </section>
          </div>
        ))}
      </div>
    </>
  );
}
