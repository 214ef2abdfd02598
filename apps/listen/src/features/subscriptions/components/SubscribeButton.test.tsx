import { ApiError, apiRequest, markAnonymous, setProfile } from '@shoal/core';
import { onMessage } from '@shoal/messages';
import { QueryProvider, queryClient } from '@shoal/query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscribeButton } from './SubscribeButton';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);
const UUID = '9383a90d-a46e-4056-b80b-9e7a9908c6d2';

beforeEach(() => {
  setProfile({ id: 3, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  markAnonymous();
  request.mockReset();
});

const ui = () =>
  render(
    <QueryProvider>
      <SubscribeButton channel={UUID} name="Shoal Weekly" />
    </QueryProvider>,
  );

describe('SubscribeButton', () => {
  it('subscribes at once through channels/{uuid}/subscribe/, before the pod answers', async () => {
    let answer: (value: unknown) => void = () => {};
    request.mockImplementation((path) =>
      path === 'subscriptions/all/'
        ? Promise.resolve({ results: [] })
        : new Promise((resolve) => {
            answer = resolve;
          }),
    );
    ui();
    const button = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
    expect(request).toHaveBeenCalledWith(`channels/${UUID}/subscribe/`, { method: 'POST' });
    answer({});
  });

  it('reverts and says why when unsubscribing fails', async () => {
    const messages: { content: string; error?: boolean }[] = [];
    const stop = onMessage((message) => messages.push(message));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    request.mockImplementation(async (path) => {
      // Funkwhale 1.4's subscriptions/all/: the channel as its uuid.
      if (path === 'subscriptions/all/') return { results: [{ uuid: 'sub-1', channel: UUID }] };
      throw new ApiError(403, ['Permission denied']);
    });
    ui();
    const button = await screen.findByRole('button', { name: 'Subscribed' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(messages).toContainEqual(
        expect.objectContaining({ content: expect.stringContaining('Shoal Weekly'), error: true }),
      ),
    );
    expect(messages.at(-1)?.content).toContain('Permission denied');
    expect(screen.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
    expect(request).toHaveBeenCalledWith(`channels/${UUID}/unsubscribe/`, { method: 'POST' });
    stop();
  });
});
