import { ApiError, apiRequest, markAnonymous, setProfile } from '@shoal/core';
import { onMessage } from '@shoal/messages';
import { QueryProvider, queryClient } from '@shoal/query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FavoriteButton } from './FavoriteButton';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
});

const track = { id: 7, title: 'Evening Moss' };

describe('FavoriteButton', () => {
  it('shows the new state at once, before the pod answers', async () => {
    const call = deferred<unknown>();
    request.mockImplementation(async (path) => {
      if (path === 'favorites/tracks/all/') return { results: [] };
      return call.promise;
    });
    render(
      <QueryProvider>
        <FavoriteButton track={track} />
      </QueryProvider>,
    );
    const button = screen.getByRole('button', { name: 'Favorite Evening Moss' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(request).toHaveBeenCalledWith('favorites/tracks/', { method: 'POST', json: { track: 7 } });
    call.resolve({ id: 1, track: 7 });
  });

  it('reverts and shows an error message when the call fails', async () => {
    const messages: { content: string; error?: boolean }[] = [];
    const stop = onMessage((message) => messages.push(message));
    const call = deferred<unknown>();
    request.mockImplementation(async (path) => {
      if (path === 'favorites/tracks/all/') return { results: [{ track: 7 }] };
      return call.promise;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <QueryProvider>
        <FavoriteButton track={track} />
      </QueryProvider>,
    );
    const button = screen.getByRole('button', { name: 'Favorite Evening Moss' });
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    call.reject(new ApiError(500, ['A server error occurred']));
    await waitFor(() =>
      expect(messages).toContainEqual({
        content: 'Evening Moss could not be removed from your favorites: A server error occurred',
        error: true,
      }),
    );
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(request).toHaveBeenCalledWith('favorites/tracks/remove/', { method: 'POST', json: { track: 7 } });
    stop();
  });

  it('is not shown to visitors', () => {
    markAnonymous();
    render(
      <QueryProvider>
        <FavoriteButton track={track} />
      </QueryProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
