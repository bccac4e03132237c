import Button from 'react-bootstrap/Button';

const count = new Intl.NumberFormat('en-US');

/**
 * Previous / next paging with where the seller stands: 'Showing 16–30 of 42'. Hidden when
 * everything fits on one page. A list whose count stopped at its cap (`total_is_capped`) shows
 * 'of 10,000+' and 'Page 1 of 401+', and Next stays available while later pages may hold rows.
 */
export function ListPagination(props: {
  page: number;
  lastPage: number;
  total: number;
  totalIsCapped?: boolean | undefined;
  from: number | null;
  to: number | null;
  noun: string;
  onPage: (page: number) => void;
}) {
  const { page, lastPage } = props;
  const more = props.totalIsCapped ? '+' : '';
  return (
    <nav
      className="d-flex flex-wrap gap-2 align-items-center justify-content-between mt-3"
      aria-label="Pages"
    >
      <span className="small text-body-secondary" data-testid="list-range">
        {props.total === 0
          ? `No ${props.noun}`
          : `Showing ${count.format(props.from ?? 0)}–${count.format(props.to ?? 0)} of ${count.format(props.total)}${more} ${props.noun}`}
      </span>
      {lastPage > 1 ? (
        <div className="d-flex gap-2 align-items-center">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page <= 1}
            onClick={() => props.onPage(page - 1)}
          >
            Previous
          </Button>
          <span className="small" aria-current="page">
            Page {count.format(page)} of {count.format(lastPage)}
            {more}
          </span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={page >= lastPage}
            onClick={() => props.onPage(page + 1)}
          >
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
