import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The close button's accessible name, translated by the caller. */
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Open modals, innermost last: Escape closes only the innermost (a confirmation opened from a modal). */
const openModals: object[] = [];

const FOCUSABLE = 'button:not([disabled]),[href],input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (product.md §4): while open, everything else on the page is inert; Escape, a click
 * on the overlay or the close button closes it; focus goes into it, and back where it was on close.
 */
export function Modal({ open, title, onClose, closeLabel, children, footer }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Make every other child of <body> inert: no focus, no clicks, hidden from assistive technology.
    const others = Array.from(document.body.children).filter(
      (element) => element !== overlay.current && !element.hasAttribute('inert'),
    );
    for (const element of others) element.setAttribute('inert', '');
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    const token = {};
    openModals.push(token);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openModals[openModals.length - 1] === token) {
        event.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openModals.splice(openModals.indexOf(token), 1);
      for (const element of others) element.removeAttribute('inert');
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay click is a pointer shortcut; Escape and the close button are its keyboard equivalents
    <div
      ref={overlay}
      className="ui-modal-overlay"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // Without this, the press's default action runs after the modal has closed and given the
        // focus back, and moves it to the page's body.
        event.preventDefault();
        onClose();
      }}
    >
      <div ref={dialog} className="ui-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="ui-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-modal__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="ui-modal__body">{children}</div>
        {footer && <footer className="ui-modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
