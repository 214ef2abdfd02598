import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignupPage } from './SignupPage';
import { fakePod, PROFILE, resetClientState } from './testing/fake-pod';

function settings({ open = true, approval = false, fields = [] as unknown[] } = {}) {
  return {
    status: 200,
    body: [
      { section: 'users', name: 'registration_enabled', value: open },
      { section: 'moderation', name: 'signup_approval_enabled', value: approval },
      { section: 'moderation', name: 'signup_form_customization', value: { help_text: { text: '' }, fields } },
    ],
  };
}

function renderAt(path = '/signup') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/library" element={<h1>Library</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'newcomer');
  await user.type(screen.getByLabelText('E-mail address'), 'newcomer@example.org');
  await user.type(screen.getByLabelText('Password'), 'a long pass phrase');
}

describe('SignupPage', () => {
  beforeEach(() => resetClientState());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('creates the account on an open pod, signs the user in and goes to the library', async () => {
    const sent = fakePod({
      'GET instance/settings/': settings(),
      'POST auth/registration/': { status: 201, body: {} },
      'GET users/me/': { status: 200, body: PROFILE },
    });
    const user = userEvent.setup();
    renderAt();
    await fillIn(user);
    expect(screen.queryByLabelText('Invitation code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('heading', { name: 'Library' })).toBeInTheDocument();
    expect(sent.find((r) => r.path === 'auth/registration/')?.body).toEqual({
      username: 'newcomer',
      email: 'newcomer@example.org',
      password1: 'a long pass phrase',
      password2: 'a long pass phrase',
    });
  });

  it('shows the pod’s field errors under the spec’s title and keeps what was typed', async () => {
    fakePod({
      'GET instance/settings/': settings(),
      'POST auth/registration/': {
        status: 400,
        body: { username: ['A user with that username already exists.'], password1: ['This password is too common.'] },
      },
    });
    const user = userEvent.setup();
    renderAt();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account cannot be created.');
    expect(alert).toHaveTextContent('A user with that username already exists.');
    expect(alert).toHaveTextContent('This password is too common.');
    expect(screen.getByLabelText('Username')).toHaveValue('newcomer');
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeEnabled();
  });

  it('asks for an invitation on a closed pod and sends the code from the link', async () => {
    const sent = fakePod({
      'GET instance/settings/': settings({ open: false }),
      'POST auth/registration/': { status: 201, body: {} },
      'GET users/me/': { status: 401, body: { detail: 'Authentication credentials were not provided.' } },
    });
    const user = userEvent.setup();
    renderAt('/signup?invitation=ABCD-1234');
    await fillIn(user);
    expect(screen.getByLabelText('Invitation code')).toHaveValue('ABCD-1234');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    // Not signed in yet: the pod wants the e-mail address confirmed first.
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(sent.find((r) => r.path === 'auth/registration/')?.body).toMatchObject({ invitation: 'ABCD-1234' });
  });

  it('on a moderated pod sends the custom questions and says the request awaits review', async () => {
    const sent = fakePod({
      'GET instance/settings/': settings({
        approval: true,
        fields: [
          { label: 'Why do you join?', required: true, input_type: 'long_text' },
          { label: 'Favourite band', required: false, input_type: 'short_text' },
        ],
      }),
      'POST auth/registration/': { status: 201, body: {} },
    });
    const user = userEvent.setup();
    renderAt();
    await fillIn(user);
    await user.type(screen.getByLabelText('Why do you join?'), 'For the music');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The pod’s moderators will review it');
    expect(sent.find((r) => r.path === 'auth/registration/')?.body).toMatchObject({
      request_fields: { 'Why do you join?': 'For the music', 'Favourite band': '' },
    });
    expect(sent.some((r) => r.path === 'users/me/')).toBe(false);
  });

  it('offers a retry when the pod’s sign-up rules cannot be read', async () => {
    fakePod({ 'GET instance/settings/': { status: 500, body: {} } });
    renderAt();
    const panel = await screen.findByText('The sign-up form could not be loaded');
    expect(within(panel.closest('section, div') ?? document.body).getByRole('button')).toBeInTheDocument();
  });
});
