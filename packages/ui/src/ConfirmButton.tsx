import { type ReactNode, useState } from 'react';
import { Modal } from './Modal';

export interface ConfirmButtonProps {
  /** The dangerous action's button text. */
  children: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}

/** A dangerous action (delete, unfollow, purge…) that asks for confirmation in a modal first (product.md §4, §5). */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  disabled,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ui-button ui-button--danger" disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      <Modal
        open={open}
        title={title}
        closeLabel={closeLabel}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="ui-button ui-button--secondary" onClick={() => setOpen(false)}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className="ui-button ui-button--danger"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </>
        }
      >
        {message}
      </Modal>
    </>
  );
}
