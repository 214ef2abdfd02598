import { ApiError, apiRequest, markAnonymous, setProfile } from '@shoal/core';
import { onMessage } from '@shoal/messages';
import { QueryProvider, queryClient } from '@shoal/query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserFollowButton } from './UserFollowButton';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

beforeEach(() => {
  setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
});

const ui = () =>
  render(
    <QueryProvider>
      <UserFollowButton fullUsername="ann@pod.example" name="Ann" />
    </QueryProvider>,
  );

describe('UserFollowButton', () => {
  it('follows at once, and reverts with the pod’s reason when the call fails', async () => {
    const messages: string[] = [];
    const stop = onMessage((message) => messages.push(message.content));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (reason: unknown) => void = () => undefined;
    request.mockImplementation((path) => {
      if (path === 'federation/follows/user/all/') return Promise.resolve({ results: [] });
      return new Promise((_, reject) => {
        fail = reject;
      });
    });
    ui();
    const follow = await screen.findByRole('button', { name: 'Follow Ann' });
    await waitFor(() => expect(follow).toBeEnabled());
    await userEvent.click(follow);
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('federation/follows/user/', {
      method: 'POST',
      json: { target: 'ann@pod.example' },
    });
    fail(new ApiError(400, ['You cannot follow yourself']));
    expect(await screen.findByRole('button', { name: 'Follow Ann' })).toBeInTheDocument();
    await waitFor(() => expect(messages).toContain('Cannot follow Ann: You cannot follow yourself'));
    stop();
  });

  it('an existing follow is undone with its uuid', async () => {
    request.mockImplementation(async (path) => {
      if (path === 'federation/follows/user/all/') {
        return { results: [{ uuid: 'f-1', target: { full_username: 'ann@pod.example' }, approved: true }] };
      }
      return null;
    });
    ui();
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));
    await userEvent.click(screen.getByRole('dialog').querySelector('.ui-button--danger') as HTMLElement);
    await waitFor(() => expect(request).toHaveBeenCalledWith('federation/follows/user/f-1/', { method: 'DELETE' }));
  });

  it('is left out on pods without user follows', async () => {
    request.mockRejectedValue(new ApiError(404, ['Resource not found']));
    ui();
    await waitFor(() => expect(request).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});
