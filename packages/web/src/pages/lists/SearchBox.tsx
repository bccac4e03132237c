import { useEffect, useId, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { SEARCH_DEBOUNCE_MS } from './constants.js';

/**
 * A search field that reports its text 200 ms after the last key (spec §9), or at once on
 * Enter. It follows `value` when the address changes under it (back button, a link).
 */
export function SearchBox(props: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder?: string;
}) {
  const { value, onSearch } = props;
  const id = useId();
  const [text, setText] = useState(value);
  const reported = useRef(value);
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === reported.current.trim()) return;
    const timer = setTimeout(() => {
      reported.current = text.trim();
      onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <Form.Group controlId={id}>
      <Form.Label visuallyHidden>{props.label}</Form.Label>
      <Form.Control
        type="search"
        value={text}
        placeholder={props.placeholder ?? props.label}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            reported.current = text.trim();
            onSearch(text.trim());
          }
        }}
      />
    </Form.Group>
  );
}
