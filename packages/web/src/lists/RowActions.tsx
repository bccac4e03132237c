import Dropdown from 'react-bootstrap/Dropdown';

export interface RowActionItem<A extends string> {
  action: A;
  label: string;
  danger?: boolean;
}

/**
 * A row's own actions in a menu button named after the row ("Actions for Summer Tee"): arrow
 * keys move through the items, Enter runs one, Escape closes the menu.
 */
export function RowActions<A extends string>(props: {
  name: string;
  items: readonly RowActionItem<A>[];
  onAction: (action: A) => void;
  disabled?: boolean;
}) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        size="sm"
        variant="outline-secondary"
        disabled={props.disabled}
        aria-label={`Actions for ${props.name}`}
      >
        Actions
      </Dropdown.Toggle>
      {/* Fixed positioning: the table scrolls sideways on small screens and would clip the menu. */}
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
        {props.items.map((item) => (
          <Dropdown.Item
            key={item.action}
            as="button"
            className={item.danger ? 'text-danger' : undefined}
            onClick={() => props.onAction(item.action)}
          >
            {item.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
