import {
  isAuthorizedAccount,
  isDesigner,
  SURVEY_OPEN_DELAY_MS,
  shouldShowSurvey,
} from '@printloom/core';
import { type ReactNode, useEffect, useState } from 'react';
import Navbar from 'react-bootstrap/Navbar';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuthorizedAccounts, useSwitchBack } from '../api/hooks/useAccounts.js';
import { useMe } from '../api/hooks/useAuth.js';
import { JUST_SWITCHED_KEY, PATHS, STORAGE_KEYS, SURVEY_CLOSED_KEY } from '../constants.js';
import { readStorage, removeStorage, writeStorage } from '../env/storage.js';
import { loginPath } from '../routes/redirects.js';
import { EmailBanner } from '../shell/EmailBanner.js';
import { Footer } from '../shell/Footer.js';
import { NotificationPopup } from '../shell/NotificationPopup.js';
import { createOverlayQueue } from '../shell/overlayQueue.js';
import { ProductTour } from '../shell/ProductTour.js';
import { QuickNav } from '../shell/QuickNav.js';
import { SelectAccountDialog } from '../shell/SelectAccountDialog.js';
import { SideCta } from '../shell/SideCta.js';
import { SurveyDialog } from '../shell/SurveyDialog.js';
import { TopBar } from '../shell/TopBar.js';
import { TopMenu } from '../shell/TopMenu.js';
import { useHardReloadKeys } from '../shell/useHardReloadKeys.js';
import { OverlayQueueContext, useOverlayTurnIn } from '../shell/useOverlayTurn.js';
import { useShellContext } from '../shell/useShellContext.js';
import { useThirdPartyWidgets } from '../shell/useThirdPartyWidgets.js';
import { WorkerPanel } from '../shell/WorkerPanel.js';
import { toasts } from '../toast/toastStore.js';
import { useInTabWorkers } from '../worker/useInTabWorkers.js';

type AccountDialog = 'switch' | 'login' | null;

/**
 * The logged-in layout (spec §2). Its pages' loaders have run the guards; this draws the shell
 * and queues what opens by itself: the accounts dialog after a login, then the survey, then the
 * notification pop-up, then the product tour, one at a time (shell/overlayQueue.ts).
 */
export function DefaultLayout() {
  const user = useMe();
  const location = useLocation();
  if (!user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <Shell key={user.id} user={user} />;
}

function Shell({ user }: { user: NonNullable<ReturnType<typeof useMe>> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { menuContext } = useShellContext(user);
  const authorized = isAuthorizedAccount(user);
  const designer = isDesigner(user);
  const accounts = useAuthorizedAccounts(!authorized && !designer);
  const switchBack = useSwitchBack();
  const [accountDialog, setAccountDialog] = useState<AccountDialog>(null);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [surveyClosed, setSurveyClosed] = useState(
    () => readStorage(SURVEY_CLOSED_KEY, 'session') === '1',
  );
  // Read once per account: the flag is cleared below, and the rule is about this arrival.
  const [justSwitched] = useState(() => readStorage(JUST_SWITCHED_KEY, 'session') === '1');
  useHardReloadKeys();
  const { changelogReady } = useThirdPartyWidgets(user);
  // Bulk rows are processed in the seller's tab while it is open (spec §4).
  useInTabWorkers(user);

  const [queue] = useState(createOverlayQueue);
  // The accounts dialog after a login (`ref` in the address): waiting until the account list is
  // known, then shown or not; spent once decided, so a later page does not ask again.
  const [loginDialog, setLoginDialog] = useState<'waiting' | 'decided'>(() =>
    new URLSearchParams(location.search).has('ref') ? 'waiting' : 'decided',
  );
  const accountList = accounts.data ?? [];
  const accountsKnown = authorized || designer || accounts.isFetched;
  // Derived, not stored: the pop-up must never see a moment where the survey seems not due.
  const surveyDue =
    accountsKnown &&
    !surveyClosed &&
    shouldShowSurvey(user, { authorizedAccountCount: accountList.length, justSwitched });

  // One overlay at a time: accounts → survey → notifications → tour (overlayQueue.ts).
  useOverlayTurnIn(
    queue,
    'accounts',
    accountDialog !== null ? 'ready' : loginDialog === 'waiting' ? 'pending' : 'done',
  );
  const surveyTurn = useOverlayTurnIn(
    queue,
    'survey',
    !accountsKnown ? 'pending' : surveyDue ? 'ready' : 'done',
  );

  // Login dialog for authorized accounts (spec §4): after a login, when the list is not empty,
  // unless the user chose 'never show'.
  useEffect(() => {
    if (loginDialog !== 'waiting' || !accountsKnown) return;
    setLoginDialog('decided');
    if (accountList.length === 0 || readStorage(STORAGE_KEYS.loginDialogNeverShow) === '1') return;
    setAccountDialog('login');
    // The marker is spent: a reload or a later visit of this address must not ask again.
    const rest = new URLSearchParams(location.search);
    rest.delete('ref');
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true },
    );
  }, [loginDialog, accountsKnown, accountList.length, location, navigate]);

  // Seller survey (spec §4): 2000 ms after its turn comes (the shell opening, or the accounts
  // dialog closing), when its rule holds.
  useEffect(() => {
    if (!surveyDue || !surveyTurn) return;
    const timer = setTimeout(() => setSurveyOpen(true), SURVEY_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [surveyDue, surveyTurn]);

  useEffect(() => {
    // The survey skips one page after a switch; later pages follow the usual rule.
    if (justSwitched) removeStorage(JUST_SWITCHED_KEY, 'session');
  }, [justSwitched]);

  const closeSurvey = () => {
    writeStorage(SURVEY_CLOSED_KEY, '1', 'session');
    setSurveyOpen(false);
    setSurveyClosed(true);
  };

  const onSwitchBack = () => {
    switchBack.mutate(undefined, {
      onSuccess: (result) => {
        if (result.ok) {
          toasts.show('success', 'You are back on your own account.');
          navigate(PATHS.home);
        } else toasts.show('danger', result.message);
      },
    });
  };

  return (
    <OverlayQueueContext.Provider value={queue}>
      <div className="d-flex flex-column min-vh-100">
        <TopBar
          user={user}
          onSwitchAccount={() => setAccountDialog('switch')}
          onSwitchBack={onSwitchBack}
        />
        <MainMenu>
          <TopMenu user={user} context={menuContext} />
        </MainMenu>
        <EmailBanner user={user} />
        <main className="flex-grow-1 container-fluid py-4 shell-main" id="main">
          <Outlet />
        </main>
        <WorkerPanel />
        <Footer />
        {designer ? null : <SideCta changelogReady={changelogReady} />}
        <QuickNav user={user} context={menuContext} />
        <SelectAccountDialog
          show={accountDialog !== null}
          accounts={accountList}
          afterLogin={accountDialog === 'login'}
          onHide={() => setAccountDialog(null)}
          onNeverShow={() => writeStorage(STORAGE_KEYS.loginDialogNeverShow, '1')}
        />
        {surveyDue ? <SurveyDialog user={user} show={surveyOpen} onHide={closeSurvey} /> : null}
        <NotificationPopup user={user} />
        {designer ? null : <ProductTour user={user} menuContext={menuContext} />}
      </div>
    </OverlayQueueContext.Provider>
  );
}

/**
 * The top menu's frame: a row under the top bar on wide screens; below Bootstrap's lg breakpoint
 * a Menu button that opens it as a side panel (offcanvas), instead of wrapping to four rows on a
 * phone. Going to another page closes the panel.
 */
function MainMenu({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address changing is the event
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Navbar
      expand="lg"
      className="main-menu border-bottom bg-body px-2 py-0"
      aria-label="Main"
      expanded={open}
      onToggle={setOpen}
    >
      <Navbar.Toggle aria-controls="main-menu" label="Menu" className="my-2 border-0 px-1">
        <span className="navbar-toggler-icon" aria-hidden="true" />
        <span className="ms-2 align-middle">Menu</span>
      </Navbar.Toggle>
      <Navbar.Offcanvas id="main-menu" placement="start" aria-labelledby="main-menu-title">
        <Offcanvas.Header closeButton>
          <Offcanvas.Title id="main-menu-title">Menu</Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body className="p-lg-0">{children}</Offcanvas.Body>
      </Navbar.Offcanvas>
    </Navbar>
  );
}
