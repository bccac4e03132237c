import Button from 'react-bootstrap/Button';

export interface BulkAction<A extends string> {
  action: A;
  label: string;
  variant?: 'outline-secondary' | 'outline-danger' | 'outline-primary';
}

/**
 * What the seller can do with the selected rows: shown once a row is selected, with the count,
 * one button per action and a way to clear the selection. A toolbar, so assistive technology
 * announces it as a group of controls.
 */
export function BulkActionBar<A extends string>(props: {
  count: number;
  noun: { one: string; many: string };
  actions: readonly BulkAction<A>[];
  onAction: (action: A) => void;
  onClear: () => void;
  disabled?: boolean;
}) {
  if (props.count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="d-flex flex-wrap align-items-center gap-2 border rounded bg-body-tertiary px-3 py-2 mb-2"
    >
      <span className="me-2" aria-live="polite" data-testid="selected-count">
        {props.count} {props.count === 1 ? props.noun.one : props.noun.many} selected
      </span>
      {props.actions.map((action) => (
        <Button
          key={action.action}
          size="sm"
          variant={action.variant ?? 'outline-secondary'}
          disabled={props.disabled}
          onClick={() => props.onAction(action.action)}
        >
          {action.label}
        </Button>
      ))}
      <Button size="sm" variant="link" className="ms-auto" onClick={props.onClear}>
        Clear selection
      </Button>
    </div>
  );
}
