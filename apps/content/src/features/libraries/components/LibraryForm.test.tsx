import { instanceStore } from '@shoal/core';
import { QueryProvider } from '@shoal/query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryForm } from './LibraryForm';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  instanceStore.setState({ url: 'https://pod.example/' });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
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
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://pod.example/api/v1/libraries/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Tapes', description: null, privacy_level: 'instance' });
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
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'Long');
    await user.click(screen.getByRole('button', { name: 'Create library' }));
    expect(await screen.findByText(/no more than 100 characters/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Long');
  });
});
