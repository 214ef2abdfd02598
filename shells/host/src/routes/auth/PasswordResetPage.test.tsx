import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordResetConfirmPage } from './PasswordResetConfirmPage';
import { PasswordResetPage } from './PasswordResetPage';
import { fakePod, resetClientState } from './testing/fake-pod';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/password/reset" element={<PasswordResetPage />} />
        <Route path="/auth/password/reset/confirm" element={<PasswordResetConfirmPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PasswordResetPage', () => {
  beforeEach(() => resetClientState());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the pod for a reset link and says to check the inbox', async () => {
    const sent = fakePod({ 'POST auth/password/reset/': { status: 200, body: { detail: 'sent' } } });
    const user = userEvent.setup();
    renderAt('/auth/password/reset?email=someone%40example.org');
    // The address from the login screen is already there.
    expect(screen.getByLabelText('E-mail address')).toHaveValue('someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(sent[0]).toMatchObject({ method: 'POST', body: { email: 'someone@example.org' } });
  });

  it('shows the pod’s refusal and keeps the form', async () => {
    fakePod({ 'POST auth/password/reset/': { status: 400, body: { email: ['Enter a valid email address.'] } } });
    const user = userEvent.setup();
    renderAt('/auth/password/reset');
    await user.type(screen.getByLabelText('E-mail address'), 'x@y.z');
    await user.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We cannot send the reset link');
    expect(alert).toHaveTextContent('Enter a valid email address.');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('x@y.z');
  });
});

describe('PasswordResetConfirmPage', () => {
  beforeEach(() => resetClientState());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function submit(password: string, again: string) {
    const user = userEvent.setup();
    renderAt('/auth/password/reset/confirm?uid=MQ&token=set-password-token');
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('New password, again'), again);
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
  }

  it('sends the link’s uid and token with the new password, then offers to log in', async () => {
    const sent = fakePod({ 'POST auth/password/reset/confirm/': { status: 200, body: { detail: 'reset' } } });
    await submit('a brand new phrase', 'a brand new phrase');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(sent[0]?.body).toEqual({
      uid: 'MQ',
      token: 'set-password-token',
      new_password1: 'a brand new phrase',
      new_password2: 'a brand new phrase',
    });
  });

  it('shows the spec’s title with the pod’s reasons (expired link, mismatch)', async () => {
    fakePod({
      'POST auth/password/reset/confirm/': {
        status: 400,
        body: { token: ['Invalid value'], new_password2: ['The two password fields didn’t match.'] },
      },
    });
    await submit('one phrase here', 'another phrase');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your password cannot be changed');
    expect(alert).toHaveTextContent('Invalid value');
    expect(alert).toHaveTextContent('The two password fields didn’t match.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
