import Button from 'react-bootstrap/Button';

/**
 * Previous / next paging with where the seller stands: 'Showing 16–30 of 42'. Hidden when
 * everything fits on one page.
 */
export function ListPagination(props: {
  page: number;
  lastPage: number;
  total: number;
  from: number | null;
  to: number | null;
  noun: string;
  onPage: (page: number) => void;
}) {
  const { page, lastPage } = props;
  return (
    <nav
      className="d-flex flex-wrap gap-2 align-items-center justify-content-between mt-3"
      aria-label="Pages"
    >
      <span className="small text-body-secondary" data-testid="list-range">
        {props.total === 0
          ? `No ${props.noun}`
          : `Showing ${props.from ?? 0}–${props.to ?? 0} of ${props.total} ${props.noun}`}
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
            Page {page} of {lastPage}
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
