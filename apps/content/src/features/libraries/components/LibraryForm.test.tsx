import { QueryProvider } from '@shoal/query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setUpFakePod } from '../../../test/fake-pod';
import { LibraryForm } from './LibraryForm';

const pod = setUpFakePod(() => undefined);

/** The pod's answer to the library the form sends. */
function answer(status: number, body: unknown) {
  pod.answerWith(({ path, method }) =>
    path === 'libraries/' && method === 'POST' ? Response.json(body, { status }) : undefined,
  );
}

describe('the library form', () => {
  it('offers the three visibilities and sends the real privacy levels, an empty description as null', async () => {
    const onSaved = vi.fn();
    answer(201, { uuid: 'u1', name: 'Tapes', privacy_level: 'instance' });
    const user = userEvent.setup();
    render(
      <QueryProvider>
        <LibraryForm onSaved={onSaved} />
      </QueryProvider>,
    );
    expect(screen.getByLabelText('Private')).toBeChecked();
    expect(screen.getByLabelText('Public')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Tapes');
    await user.click(screen.getByLabelText('Restricted to this pod only'));
    await user.click(screen.getByRole('button', { name: 'Create library' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(pod.sent).toHaveLength(1);
    const [call] = pod.sent;
    expect(call?.url.href).toBe('https://pod.example/api/v1/libraries/');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ name: 'Tapes', description: null, privacy_level: 'instance' });
  });

  it('asks for a name, and shows the pod’s field errors without losing the input', async () => {
    answer(400, { name: ['Ensure this field has no more than 100 characters.'] });
    const user = userEvent.setup();
    render(
      <QueryProvider>
        <LibraryForm onSaved={() => {}} />
      </QueryProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Create library' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the library a name.');
    expect(pod.sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Name'), 'Long');
    await user.click(screen.getByRole('button', { name: 'Create library' }));
    expect(await screen.findByText(/no more than 100 characters/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Long');
  });
});
