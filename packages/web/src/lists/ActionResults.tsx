/** One row's outcome of a bulk action (the API's per-id result, with the row's name). */
export interface RowResult {
  id: number;
  name: string;
  ok: boolean;
  message?: string | undefined;
}

/**
 * What a bulk action did, row by row: a summary, and each row that was left as it was with
 * its reason. Announced politely; dismissed by the seller.
 */
export function ActionResults(props: {
  title: string;
  results: readonly RowResult[];
  onDismiss: () => void;
}) {
  const failed = props.results.filter((r) => !r.ok);
  const done = props.results.length - failed.length;
  return (
    <div
      className={`alert ${failed.length > 0 ? 'alert-warning' : 'alert-success'} alert-dismissible`}
      role="status"
      data-testid="action-results"
    >
      <p className="mb-1 fw-semibold">
        {props.title}: {done} of {props.results.length} done
      </p>
      {failed.length > 0 ? (
        <ul className="mb-0 small">
          {failed.map((r) => (
            <li key={r.id}>
              <span className="fw-semibold">{r.name}</span>: {r.message ?? 'Not done'}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="btn-close" aria-label="Dismiss" onClick={props.onDismiss} />
    </div>
  );
}
