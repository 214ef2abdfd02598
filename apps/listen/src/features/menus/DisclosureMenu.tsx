import '../edits/edits.css';
import { type KeyboardEvent, type ReactElement, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

export interface DisclosureMenuItem {
  key: string;
  /** A link or a button: the arrows move between them. */
  node: ReactElement;
}

export interface DisclosureMenuProps {
  label: string;
  items: DisclosureMenuItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The toggle, for callers that give the focus back to it (after a dialog an item opened closes). */
  toggleRef?: RefObject<HTMLButtonElement | null>;
  /** Dialogs and inputs the items act through, rendered inside the menu's container. */
  children?: ReactNode;
}

/**
 * A button that shows a list of links and buttons below it (the disclosure pattern rather than an ARIA
 * menu, so screen readers read the items as the links and buttons they are). Escape closes it and gives
 * the focus back to the button, the arrows move between items, a press outside or tabbing away closes it.
 */
export function DisclosureMenu({ label, items, open, onOpenChange, toggleRef, children }: DisclosureMenuProps) {
  const listId = useId();
  const ownToggle = useRef<HTMLButtonElement>(null);
  const toggle = toggleRef ?? ownToggle;
  const list = useRef<HTMLUListElement>(null);
  const container = useRef<HTMLDivElement>(null);

  // A press anywhere outside closes the open menu (Safari does not focus pressed buttons, so blur alone would not do).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onOpenChange(false);
      toggle.current?.focus();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const all = Array.from(list.current?.querySelectorAll<HTMLElement>('a, button') ?? []);
      const index = all.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index === -1 ? (step === 1 ? 0 : all.length - 1) : (index + step + all.length) % all.length;
      all[next]?.focus();
    }
  };

  if (items.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and the arrows act from the button or any item of the disclosure
    <div
      ref={container}
      className="listen-more listen-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) onOpenChange(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="ui-button ui-button--secondary"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
      >
        {label}
      </button>
      <ul ref={list} id={listId} className="listen-more__list" hidden={!open}>
        {items.map((item) => (
          <li key={item.key}>{item.node}</li>
        ))}
      </ul>
      {children}
    </div>
  );
}
