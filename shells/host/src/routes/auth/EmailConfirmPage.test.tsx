import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailConfirmPage } from './EmailConfirmPage';
import { fakePod, resetClientState } from './testing/fake-pod';

function renderAt(path: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth/email/confirm" element={<EmailConfirmPage />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('EmailConfirmPage', () => {
  beforeEach(() => resetClientState());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the key once (even in StrictMode) and confirms', async () => {
    const sent = fakePod({ 'POST auth/registration/verify-email/': { status: 200, body: { detail: 'ok' } } });
    renderAt('/auth/email/confirm?key=confirm-key-1');
    expect(await screen.findByText(/Your e-mail address is confirmed\./)).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Confirming…')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ key: 'confirm-key-1' });
  });

  it('says the address could not be confirmed when the pod refuses the key', async () => {
    fakePod({ 'POST auth/registration/verify-email/': { status: 404, body: { detail: 'Not found.' } } });
    renderAt('/auth/email/confirm?key=used-key');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not confirm e-mail address');
    expect(alert).toHaveTextContent('Not found.');
    expect(screen.queryByText(/is confirmed/)).not.toBeInTheDocument();
  });
});
