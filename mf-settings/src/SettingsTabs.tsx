import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { TabKey } from './settingsForm';

export const TABS: ReadonlyArray<{ key: TabKey; label: string }> = [
  { key: 'account', label: 'Account' },
  { key: 'preferences', label: 'Preferences' },
  { key: 'goals', label: 'Goals' },
  { key: 'reminders', label: 'Reminders' },
  { key: 'data', label: 'Data' },
];

export const tabId = (key: TabKey) => `st-tab-${key}`;
export const panelId = (key: TabKey) => `st-panel-${key}`;

interface SettingsTabsProps {
  active: TabKey;
  onChange: (key: TabKey) => void;
  /** Tabs holding a field with an error, marked so a person sees where to look. */
  withErrors?: ReadonlySet<TabKey>;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function SettingsTabs({ active, onChange, withErrors }: SettingsTabsProps) {
  const refs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.key === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = TABS[(moves[event.key] + TABS.length) % TABS.length].key;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Settings sections" className="st-tabs">
      {TABS.map(({ key, label }) => (
        <button
          key={key}
          ref={(el) => {
            refs.current[key] = el;
          }}
          type="button"
          role="tab"
          id={tabId(key)}
          aria-selected={active === key}
          aria-controls={panelId(key)}
          tabIndex={active === key ? 0 : -1}
          className="st-tab"
          onClick={() => onChange(key)}
          onKeyDown={onKeyDown}
        >
          {label}
          {withErrors?.has(key) && (
            <>
              <span className="st-tab-alert" aria-hidden="true">
                !
              </span>
              <span className="visually-hidden"> (has errors)</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ tab, active, children }: { tab: TabKey; active: TabKey; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={tab !== active} tabIndex={0} className="st-panel">
      {children}
    </div>
  );
}
