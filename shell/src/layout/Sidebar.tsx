import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  DEFAULT_AVATAR,
  Link,
  Logo,
  logoutUser,
  NavLink,
  openEntryDialog,
  PRODUCT_TITLE,
  selectUser,
  useAppDispatch,
  useAppSelector,
  useNavigate,
} from '@app/kit';
import { loadEntryDialog } from '../entry/lazyEntryDialog';
import { screenIntent } from '../federation/screenIntent';

/** The dashboard's sidebar; below 760 px it folds into a menu button. */
export function Sidebar() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setMenuOpen(false);
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  // Escape folds the phone's menu away from anywhere on the page, and the keyboard is back on its button
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // Auth is cleared at once and the landing page drawn in the same task: the URL never names the landing page while
  // the dashboard is still on screen, so even a quick Back finds the dashboard asking to sign in.
  const logOut = () => {
    void dispatch(logoutUser());
    navigate('/', { flushSync: true });
  };

  return (
    <aside
      className={`sidebar${menuOpen ? ' sidebar-open' : ''}`}
      // Tab past the phone's menu into the page folds the menu away: open, it stays on top of the page and would
      // hide the control the keyboard reached, which is then scrolled back into view under the bar
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!menuOpen || !(next instanceof HTMLElement) || event.currentTarget.contains(next)) return;
        flushSync(close);
        next.scrollIntoView({ block: 'nearest' });
      }}
    >
      <div className="sidebar-top">
        <Link to="/dashboard/overview" className="brand" onClick={close} {...screenIntent('/dashboard/overview')}>
          <Logo />
          <span>{PRODUCT_TITLE}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="button sidebar-toggle"
          aria-expanded={menuOpen}
          aria-controls="sidebar-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      <div id="sidebar-menu" className="sidebar-menu">
        <div className="sidebar-user">
          <Avatar src={user?.avatarUrl} />
          <div>
            <p className="sidebar-name">{fullName}</p>
            <Link to="/dashboard/settings" className="sidebar-edit" onClick={close} {...screenIntent('/dashboard/settings')}>
              Edit
            </Link>
          </div>
        </div>
        <nav aria-label="Main" className="sidebar-nav">
          <NavLink to="/dashboard/overview" onClick={close} {...screenIntent('/dashboard/overview')}>
            Overview
          </NavLink>
          <NavLink to="/dashboard/analytics" onClick={close} {...screenIntent('/dashboard/analytics')}>
            Analytics
          </NavLink>
          <NavLink to="/dashboard/settings" onClick={close} {...screenIntent('/dashboard/settings')}>
            Settings
          </NavLink>
          <button
            type="button"
            // its code is fetched on the way to the click, so the dialog opens at once
            onPointerEnter={() => void loadEntryDialog()}
            onFocus={() => void loadEntryDialog()}
            onClick={() => {
              // the phone's menu folds away as the dialog opens: the keyboard waits on the menu's button, where the
              // dialog gives it back when it closes
              if (menuOpen) toggleRef.current?.focus();
              close();
              dispatch(openEntryDialog());
            }}
          >
            Add Log
          </button>
        </nav>
        <button type="button" className="sidebar-logout" onClick={logOut}>
          Log out
        </button>
      </div>
    </aside>
  );
}

/** Falls back to the default picture when there is none or it fails to load. */
export function Avatar({ src }: { src?: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : DEFAULT_AVATAR;
  return <img className="avatar" src={usable} alt="Your profile picture" width={48} height={48} onError={() => src && setFailed(src)} />;
}
