import Form from 'react-bootstrap/Form';

/**
 * One list filter or sort choice: a labelled select over `options`, with an "All …" choice of
 * value '' first when `allLabel` is given.
 */
export function FilterSelect(props: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Select
      aria-label={props.label}
      className="w-auto"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Form.Select>
  );
}
