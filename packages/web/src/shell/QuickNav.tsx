import type { PageContext, UserLike } from '@printloom/core';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { QUICK_NAV_CHOOSE, QUICK_NAV_NO_MATCH, QUICK_NAV_PLACEHOLDER } from '../constants.js';
import { filterQuickNav, type QuickNavOption, quickNavOptions } from './quickNav.js';

/** Height of the list before it scrolls: about eight choices. */
const LIST_MAX_HEIGHT = '20rem';

/**
 * Quick navigation (spec §2), opened with Ctrl+G or Cmd+G: a combobox over every page the user
 * may open. Typing filters the list and highlights the first match; arrow keys move the
 * highlight; Enter (or Go) opens the highlighted page. With nothing typed or highlighted it asks
 * for a choice, as the spec's dropdown does.
 */
export function QuickNav({ user, context }: { user: UserLike; context: PageContext }) {
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const listId = `${id}-pages`;
  const errorId = `${id}-error`;
  const optionId = (index: number) => `${id}-page-${index}`;

  const options = useMemo(() => quickNavOptions(user, context), [user, context]);
  const matches = useMemo(() => filterQuickNav(options, query), [options, query]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'g') {
        event.preventDefault();
        setQuery('');
        setActive(null);
        setError(null);
        setShow(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (active === null) return;
    // Not every DOM has scrollIntoView (test DOMs); the highlight is right without it.
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({
      block: 'nearest',
    });
  }, [active]);

  const goTo = (option: QuickNavOption) => {
    setShow(false);
    navigate(option.path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = active === null ? undefined : matches[active];
    if (chosen) goTo(chosen);
    else setError(query.trim() === '' ? QUICK_NAV_CHOOSE : QUICK_NAV_NO_MATCH);
  };

  const type = (value: string) => {
    setQuery(value);
    setError(null);
    // What was typed picks its first match; clearing the field clears the choice.
    setActive(value.trim() === '' || filterQuickNav(options, value).length === 0 ? null : 0);
  };

  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    if (matches.length === 0) return;
    const last = matches.length - 1;
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = active === null ? 0 : Math.min(active + 1, last);
    else if (event.key === 'ArrowUp') next = active === null ? last : Math.max(active - 1, 0);
    else if (event.key === 'PageDown') next = last;
    else if (event.key === 'PageUp') next = 0;
    if (next === null) return;
    event.preventDefault();
    setError(null);
    setActive(next);
  };

  return (
    <Modal
      show={show}
      onHide={() => setShow(false)}
      aria-labelledby="quick-nav-title"
      data-testid="quick-nav"
    >
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="quick-nav-title">Quick navigation</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Control
            role="combobox"
            aria-label={QUICK_NAV_PLACEHOLDER}
            aria-expanded={matches.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active === null ? undefined : optionId(active)}
            aria-describedby={error ? errorId : undefined}
            placeholder={QUICK_NAV_PLACEHOLDER}
            autoComplete="off"
            value={query}
            isInvalid={error !== null}
            onChange={(event) => type(event.target.value)}
            onKeyDown={move}
            autoFocus
          />
          <Form.Control.Feedback type="invalid" id={errorId}>
            {error}
          </Form.Control.Feedback>
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label="Pages"
            className="list-group mt-2 overflow-auto"
            style={{ maxHeight: LIST_MAX_HEIGHT }}
          >
            {matches.map((option, index) => (
              // Keys reach the list through the combobox (aria-activedescendant); a pointer
              // picks an option directly.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys
              <div
                key={option.path}
                id={optionId(index)}
                data-index={index}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => goTo(option)}
              >
                {option.label}
              </div>
            ))}
          </div>
          {matches.length === 0 ? (
            <p className="text-body-secondary mt-2 mb-0">{QUICK_NAV_NO_MATCH}</p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setShow(false)}>
            Cancel
          </Button>
          <Button type="submit">Go</Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
