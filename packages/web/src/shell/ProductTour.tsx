import { type MenuContext, menuFor, menuPaths, type User } from '@printloom/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '../constants.js';
import { readStorage, writeStorage } from '../env/storage.js';
import { useStore } from '../state/useStore.js';
import { resumeIndex, shouldStartTour, tourStepsFor } from './productTour.js';
import { gettingStarted } from './tourStore.js';
import { useOverlayTurn } from './useOverlayTurn.js';

const HIGHLIGHT = 'tour-highlight';

/**
 * Calls `found` with the first element matching `selector` once the page renders it (pages
 * draw their controls after their data loads); returns the way to stop looking.
 */
function whenPresent(selector: string, found: (element: Element) => void): () => void {
  const present = document.querySelector(selector);
  if (present) {
    found(present);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = document.querySelector(selector);
    if (!element) return;
    observer.disconnect();
    found(element);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The guided tour card; its rules are in productTour.ts. It is the last overlay of the shell's
 * queue: it starts when the accounts dialog, the survey and the notification pop-up are done.
 */
export function ProductTour({ user, menuContext }: { user: User; menuContext: MenuContext }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const steps = useMemo(
    () => tourStepsFor(new Set(menuPaths(menuFor(user, menuContext)))),
    [user, menuContext],
  );
  const panelShown = useStore(gettingStarted);
  const [disabled, setDisabled] = useState(
    () => readStorage(STORAGE_KEYS.disableProductTour) === '1',
  );
  const [running, setRunning] = useState(false);
  const [putAway, setPutAway] = useState(false);
  const [index, setIndex] = useState(() =>
    resumeIndex(readStorage(STORAGE_KEYS.stepProductTour), steps),
  );
  const turn = useOverlayTurn(
    'tour',
    disabled || putAway ? 'done' : running || panelShown ? 'ready' : 'pending',
  );

  useEffect(() => {
    if (running || putAway) return;
    if (shouldStartTour({ surveyClosed: turn, gettingStartedShown: panelShown, disabled }))
      setRunning(true);
  }, [turn, panelShown, disabled, running, putAway]);

  const step = steps[index];
  const shown = running && turn && step !== undefined;

  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  // Moves to a step's page when the step changes, never when the seller browses away.
  useEffect(() => {
    if (!shown) return;
    writeStorage(STORAGE_KEYS.stepProductTour, step.id);
    if (pathRef.current !== step.route) navigate(step.route);
  }, [shown, step, navigate]);

  useEffect(() => {
    if (!shown || !step.target || pathname !== step.route) return;
    let highlighted: Element | null = null;
    const stop = whenPresent(`[data-tour="${step.target}"]`, (element) => {
      highlighted = element;
      element.classList.add(HIGHLIGHT);
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
    return () => {
      stop();
      highlighted?.classList.remove(HIGHLIGHT);
    };
  }, [shown, step, pathname]);

  // Escape puts the tour away for this visit; it resumes at the stored step next time.
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.modal.show, .offcanvas.show')) {
        setPutAway(true);
        setRunning(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);

  if (!shown) return null;
  const stop = () => {
    writeStorage(STORAGE_KEYS.disableProductTour, '1');
    setDisabled(true);
    setRunning(false);
  };
  const last = index === steps.length - 1;
  return (
    <section
      className="product-tour card shadow"
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      aria-describedby="tour-text"
      data-testid="product-tour"
      data-step={step.id}
    >
      <div className="card-body">
        <small className="text-body-secondary">
          Step {index + 1} of {steps.length}
        </small>
        <h2 className="h6 mt-1" id="tour-title">
          {step.title}
        </h2>
        <p className="small mb-3" id="tour-text">
          {step.text}
        </p>
        <div className="d-flex justify-content-between">
          {last ? (
            <span />
          ) : (
            <Button size="sm" variant="link" className="px-0" onClick={stop}>
              Skip tour
            </Button>
          )}
          <Button size="sm" onClick={() => (last ? stop() : setIndex(index + 1))}>
            {last ? 'Finish' : index === 0 ? 'Start' : 'Next'}
          </Button>
        </div>
      </div>
    </section>
  );
}
