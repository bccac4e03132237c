import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '../constants.js';
import { readStorage, writeStorage } from '../env/storage.js';
import { resumeIndex, shouldStartTour, TOUR_STEPS } from './productTour.js';
import { gettingStarted } from './tourStore.js';

const HIGHLIGHT = 'tour-highlight';

/** The guided tour card; its rules are in productTour.ts. */
export function ProductTour({ surveyClosed }: { surveyClosed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const panelShown = useSyncExternalStore(gettingStarted.subscribe, gettingStarted.getSnapshot);
  const [running, setRunning] = useState(false);
  const [putAway, setPutAway] = useState(false);
  const [index, setIndex] = useState(() => resumeIndex(readStorage(STORAGE_KEYS.stepProductTour)));

  useEffect(() => {
    if (running || putAway) return;
    const disabled = readStorage(STORAGE_KEYS.disableProductTour) === '1';
    if (shouldStartTour({ surveyClosed, gettingStartedShown: panelShown, disabled }))
      setRunning(true);
  }, [surveyClosed, panelShown, running, putAway]);

  const step = TOUR_STEPS[index];

  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  // Moves to a step's page when the step changes, never when the seller browses away.
  useEffect(() => {
    if (!running || !step) return;
    writeStorage(STORAGE_KEYS.stepProductTour, step.id);
    if (pathRef.current !== step.route) navigate(step.route);
  }, [running, step, navigate]);

  useEffect(() => {
    if (!running || !step?.target || pathname !== step.route) return;
    const element = document.querySelector(`[data-tour="${step.target}"]`);
    element?.classList.add(HIGHLIGHT);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    return () => element?.classList.remove(HIGHLIGHT);
  }, [running, step, pathname]);

  // Escape puts the tour away for this visit; it resumes at the stored step next time.
  useEffect(() => {
    if (!running) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.modal.show')) {
        setPutAway(true);
        setRunning(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);

  if (!running || !step) return null;
  const stop = () => {
    writeStorage(STORAGE_KEYS.disableProductTour, '1');
    setRunning(false);
  };
  const last = index === TOUR_STEPS.length - 1;
  return (
    <section
      className="product-tour card shadow"
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      data-testid="product-tour"
    >
      <div className="card-body">
        <small className="text-body-secondary">
          Step {index + 1} of {TOUR_STEPS.length}
        </small>
        <h2 className="h6 mt-1" id="tour-title">
          {step.title}
        </h2>
        <p className="small mb-3">{step.text}</p>
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
