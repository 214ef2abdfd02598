import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './ConfirmButton';
import { Modal } from './Modal';

afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Shortcuts"
        closeLabel="Close"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Body</p>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('makes the rest inert, takes focus, and gives it back when closed with Escape', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Shortcuts' })).toBeInTheDocument();
    expect(container.closest('body > div')).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container.closest('body > div')).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('closes on the overlay and on the close button, not on a click inside', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();
    const overlay = screen.getByRole('dialog').parentElement as HTMLElement;
    fireEvent.mouseDown(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('nested modals', () => {
  it('Escape closes only the innermost, and focus goes back step by step', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    function Outer() {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} title="Library" closeLabel="Close library" onClose={() => setOpen(false)}>
          <ConfirmButton
            title="Delete this library?"
            message="Its tracks go too."
            confirmLabel="Delete"
            cancelLabel="Cancel"
            closeLabel="Close"
            onConfirm={onConfirm}
          >
            Delete library
          </ConfirmButton>
        </Modal>
      );
    }
    render(<Outer />);
    const opener = screen.getByRole('button', { name: 'Delete library' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Delete this library?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete this library?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Library' })).toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('ConfirmButton', () => {
  it('runs the action only after confirmation', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmButton
        title="Delete this library?"
        message="Its tracks go too."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        closeLabel="Close"
        onConfirm={onConfirm}
      >
        Delete library
      </ConfirmButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete library' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete library' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
