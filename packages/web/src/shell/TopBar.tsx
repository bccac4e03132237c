import { hasTag, type User } from '@printloom/core';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { PATHS, TAGS } from '../constants.js';
import { MoonIcon, SparklesIcon, SunIcon } from './icons.js';
import { Logo } from './Logo.js';
import { NotificationBell } from './NotificationBell.js';
import { UserDropdown } from './UserDropdown.js';
import { useTheme } from './useTheme.js';

/** The top bar (spec §2): logo, AI Design (beta), dark mode, bell (notify), user dropdown. */
export function TopBar({
  user,
  onSwitchAccount,
  onSwitchBack,
}: {
  user: User;
  onSwitchAccount: () => void;
  onSwitchBack: () => void;
}) {
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <header className="d-flex align-items-center gap-2 px-3 py-2 border-bottom bg-body">
      <Link to={PATHS.home} aria-label="Printloom dashboard home" className="me-auto">
        <Logo />
      </Link>
      {hasTag(user, TAGS.beta) ? (
        <Link
          to={PATHS.aiDesign}
          className="nav-link px-2"
          aria-label="AI Design"
          title="AI Design"
          data-testid="ai-design-shortcut"
        >
          <SparklesIcon />
        </Link>
      ) : null}
      <Button
        variant="link"
        className="nav-link px-2"
        aria-pressed={dark}
        aria-label="Dark mode"
        title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
        onClick={() => setTheme(dark ? 'light' : 'dark')}
        data-testid="dark-mode-toggle"
      >
        {dark ? <SunIcon /> : <MoonIcon />}
      </Button>
      {hasTag(user, TAGS.notify) ? <NotificationBell /> : null}
      <UserDropdown user={user} onSwitchAccount={onSwitchAccount} onSwitchBack={onSwitchBack} />
    </header>
  );
}
