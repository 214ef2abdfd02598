import { ApiError, apiRequest, instanceStore, markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { MemoryRouter } from '@shoal/router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportButton } from './ReportButton';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

const TYPES = [
  { type: 'takedown_request', label: 'Takedown request', anonymous: true },
  { type: 'invalid_metadata', label: 'Invalid metadata', anonymous: false },
];

afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
  vi.unstubAllGlobals();
});

let podNumber = 0;

/**
 * The pod's nodeinfo lists `types` (read by the page's shared nodeinfo query, which keeps one read per
 * pod address: each test has its own pod); reports get `report()`.
 */
function answer(types: typeof TYPES, report: () => Promise<unknown> = async () => ({})) {
  podNumber += 1;
  const pod = `https://pod-${podNumber}.example/`;
  instanceStore.setState({ url: pod });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === `${pod}api/v1/instance/nodeinfo/2.1/`
        ? Response.json({ metadata: { reportTypes: types } })
        : new Response('{}', { status: 404 }),
    ),
  );
  request.mockImplementation(report);
}

const ui = () =>
  render(
    <MemoryRouter initialEntries={['/library/tracks/5']}>
      <QueryProvider>
        <ReportButton target={{ type: 'track', id: 5, label: 'Evening Moss' }} />
      </QueryProvider>
    </MemoryRouter>,
  );

describe('ReportButton', () => {
  it('offers visitors the anonymous categories only, and asks for their e-mail address', async () => {
    answer(TYPES);
    ui();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Evening Moss' });
    const category = await within(dialog).findByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Takedown request']);
    await userEvent.type(within(dialog).getByLabelText('What is wrong?'), 'Not mine');
    await userEvent.type(within(dialog).getByLabelText('Your e-mail address'), 'me@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('moderation/reports/', {
        method: 'POST',
        json: {
          type: 'takedown_request',
          summary: 'Not mine',
          target: { type: 'track', id: 5 },
          submitter_email: 'me@example.org',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends signed-in reports without an e-mail address, and lists the pod’s errors', async () => {
    setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
    answer(TYPES, async () => {
      throw new ApiError(400, ['Target: Object not found']);
    });
    ui();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Category');
    expect(within(dialog).getAllByRole('option')).toHaveLength(2);
    expect(within(dialog).queryByLabelText('Your e-mail address')).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'invalid_metadata');
    await userEvent.type(within(dialog).getByLabelText('What is wrong?'), 'Wrong year');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your report could not be sent');
    expect(alert).toHaveTextContent('Target: Object not found');
    // Nothing typed is lost.
    expect(within(dialog).getByLabelText('What is wrong?')).toHaveValue('Wrong year');
    expect(request).toHaveBeenLastCalledWith('moderation/reports/', {
      method: 'POST',
      json: { type: 'invalid_metadata', summary: 'Wrong year', target: { type: 'track', id: 5 } },
    });
  });

  it('sends visitors to sign in when the pod takes no anonymous reports', async () => {
    answer(TYPES.filter((type) => !type.anonymous));
    ui();
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/login?next=%2Flibrary%2Ftracks%2F5');
  });
});
