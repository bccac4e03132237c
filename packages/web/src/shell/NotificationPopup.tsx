import { NOTIFICATION_MODAL_DELAY_MS, type User } from '@printloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { BELL_PAGE_SIZE, useReadStatus } from '../api/hooks/useNotifications.js';
import { notificationListQuery } from '../api/queries.js';
import { NOTIFY_HIDE_MS, STORAGE_KEYS } from '../constants.js';
import { readStorage, writeStorage } from '../env/storage.js';
import { notifyError } from '../toast/notify.js';
import {
  CLOSED,
  dismissedAfterClose,
  isLastStep,
  popupItems,
  popupReducer,
  readStatusPosts,
  shouldFetchPopup,
} from './notificationPopup.js';
import { useOverlayTurn } from './useOverlayTurn.js';

function readNumber(key: string): number | null {
  const value = Number(readStorage(key));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.notifyDismissed) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The seller notification pop-up (spec §4); the rules are in notificationPopup.ts. It waits for
 * its turn in the shell's overlay queue (after the accounts dialog and the survey), then fetches
 * and either opens or gives the turn on.
 */
export function NotificationPopup({ user }: { user: User }) {
  const client = useQueryClient();
  const readStatus = useReadStatus();
  const [state, dispatch] = useReducer(popupReducer, CLOSED);
  const [hideForDay, setHideForDay] = useState(false);
  const [decided, setDecided] = useState(false);
  const turn = useOverlayTurn('notifications', state.open ? 'ready' : decided ? 'done' : 'pending');

  useEffect(() => {
    if (!turn || decided) return;
    const now = Date.now();
    const due = shouldFetchPopup({
      tags: user.tags,
      lastFetchAt: readNumber(STORAGE_KEYS.notifyFetchedAt),
      hideUntil: readNumber(STORAGE_KEYS.notifyHideUntil),
      now,
    });
    if (!due) {
      setDecided(true);
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const query = { page: 1, per_page: BELL_PAGE_SIZE };
    client
      .fetchQuery(notificationListQuery(query))
      .then((list) => {
        if (cancelled) return;
        writeStorage(STORAGE_KEYS.notifyFetchedAt, String(now));
        const items = popupItems(list.data, readDismissed());
        if (items.length === 0) {
          setDecided(true);
          return;
        }
        timer = setTimeout(() => {
          dispatch({ type: 'show', items });
          setDecided(true);
        }, NOTIFICATION_MODAL_DELAY_MS);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        notifyError(error);
        setDecided(true);
      });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [turn, decided, user.tags, client]);

  const close = () => {
    if (!state.open) return;
    dispatch({ type: 'close' });
    if (hideForDay) writeStorage(STORAGE_KEYS.notifyHideUntil, String(Date.now() + NOTIFY_HIDE_MS));
    const dismissed = dismissedAfterClose(state);
    if (dismissed.length > 0) {
      writeStorage(
        STORAGE_KEYS.notifyDismissed,
        JSON.stringify([...readDismissed(), ...dismissed]),
      );
    }
    for (const body of readStatusPosts(state)) {
      // Each post reports its own failure (mutate's callbacks would only follow the last).
      readStatus.mutateAsync(body).catch((error: unknown) => notifyError(error));
    }
  };

  const item = state.items[state.index];
  if (!item) return null;
  const last = isLastStep(state);
  return (
    <Modal
      show={state.open}
      onHide={close}
      size="lg"
      centered
      aria-labelledby="notification-popup-title"
      data-testid="notification-popup"
    >
      <Modal.Header closeButton>
        <Modal.Title id="notification-popup-title">{item.subject}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {item.image ? <img src={item.image} alt="" className="img-fluid rounded mb-3" /> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes messages */}
        <div dangerouslySetInnerHTML={{ __html: item.message }} />
        {item.call_to_action_link ? (
          <a href={item.call_to_action_link} className="btn btn-outline-primary mt-2">
            Open the offer: {item.subject}
          </a>
        ) : null}
        <Form.Check
          className="mt-3"
          id={`dont-show-${item.id}`}
          label="Don't show this notification"
          checked={state.ticked.includes(item.id)}
          onChange={() => dispatch({ type: 'toggle', id: item.id })}
        />
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Form.Check
          id="notify-hide-day"
          label="Hide for one day"
          checked={hideForDay}
          onChange={(event) => setHideForDay(event.target.checked)}
        />
        <div className="d-flex gap-2 align-items-center">
          <small className="text-body-secondary">
            {state.index + 1} / {state.items.length}
          </small>
          <Button
            variant="outline-secondary"
            disabled={state.index === 0}
            onClick={() => dispatch({ type: 'back' })}
          >
            Back
          </Button>
          {last ? (
            <Button onClick={close}>Close</Button>
          ) : (
            <Button onClick={() => dispatch({ type: 'next' })}>Next</Button>
          )}
        </div>
      </Modal.Footer>
    </Modal>
  );
}
