import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';
import './tab-badge.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** A small count beside the label (`text`), read out as `label` (e.g. "3 pending"). */
  badge?: { text: string; label: string };
}

interface Props<Id extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  /** Prefix of the tab and panel element ids; `tabIds` builds the matching panel attributes. */
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  className?: string;
}

export function tabIds(idPrefix: string, id: string) {
  return { tab: `${idPrefix}-tab-${id}`, panel: `${idPrefix}-panel-${id}` };
}

/** Attributes for the panel of one tab (role, id and the tab that labels it). */
export function tabPanelProps(idPrefix: string, id: string) {
  const ids = tabIds(idPrefix, id);
  return { role: 'tabpanel', id: ids.panel, 'aria-labelledby': ids.tab, tabIndex: 0 } as const;
}

/**
 * WAI-ARIA tabs with automatic activation: the arrow keys, Home and End move between tabs and select them;
 * only the selected tab is in the Tab order (roving tabindex).
 */
export function Tabs<Id extends string>({ label, idPrefix, tabs, selected, onSelect, className }: Props<Id>) {
  const buttons = useRef<Map<Id, HTMLButtonElement>>(new Map());

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={`tabs${className ? ` ${className}` : ''}`}>
      {tabs.map((tab, index) => {
        const ids = tabIds(idPrefix, tab.id);
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-controls={ids.panel}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={`tabs__tab${active ? ' tabs__tab--active' : ''}`}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
            {tab.badge && (
              <>
                <span className="tabs__badge" aria-hidden="true">
                  {tab.badge.text}
                </span>
                <span className="visually-hidden"> ({tab.badge.label})</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
