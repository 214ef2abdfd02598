import { instanceStore } from '@shoal/core';
import { QueryProvider } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CreateChannelPage from './CreateChannelPage';

const fetchMock = vi.fn<typeof fetch>();
const sent: { url: string; init: RequestInit | undefined }[] = [];

beforeEach(() => {
  instanceStore.setState({ url: 'https://pod.example/' });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    sent.push({ url, init });
    if (url.includes('channels/metadata-choices/')) {
      return Response.json({
        itunes_category: [
          { value: 'Arts', label: 'Arts' },
          { value: 'News', label: 'News' },
        ],
        language: [
          { value: 'en', label: 'English' },
          { value: 'fr', label: 'French' },
        ],
      });
    }
    if (url.endsWith('/channels/')) return Response.json({ uuid: 'c1' }, { status: 201 });
    return Response.json({ detail: 'Not found.' }, { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  sent.length = 0;
});

function renderWizard() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/content/channels/new']}>
        <Routes>
          <Route path="/content/channels/new" element={<CreateChannelPage />} />
          <Route path="/channels/:id" element={<p>channel page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('the create-channel wizard', () => {
  it('asks artist or podcast first, checks the username, then sends the real channel fields', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('button', { name: /^Podcast/ }));
    expect(screen.getByRole('heading', { name: 'New podcast channel' })).toBeInTheDocument();
    expect(screen.getByText(/It cannot be changed later\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'News' })).toBeInTheDocument());

    await user.type(screen.getByLabelText('Channel name'), 'Harbour Talk');
    await user.type(screen.getByLabelText('Channel username'), 'harbour talk');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText('The username may only hold letters, digits and underscores.')).toBeInTheDocument();
    expect(sent.some((call) => call.url.endsWith('/channels/'))).toBe(false);

    await user.clear(screen.getByLabelText('Channel username'));
    await user.type(screen.getByLabelText('Channel username'), 'harbour_talk');
    await user.type(screen.getByLabelText('Add a tag'), 'talk,sea,');
    await user.selectOptions(screen.getByLabelText('Podcast category'), 'News');
    await user.selectOptions(screen.getByLabelText('Language'), 'French');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText('channel page')).toBeInTheDocument();

    const call = sent.find((item) => item.url.endsWith('/channels/'));
    expect(call?.init?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({
      name: 'Harbour Talk',
      username: 'harbour_talk',
      description: null,
      tags: ['talk', 'sea'],
      content_category: 'podcast',
      cover: null,
      metadata: { itunes_category: 'News', owner_name: '', language: 'fr' },
    });
  });

  it('refuses a picture of the wrong type before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWizard();
    await user.click(screen.getByRole('button', { name: /^Artist/ }));
    await user.upload(screen.getByLabelText('Picture'), new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture must be a PNG or JPG file.');
    expect(screen.getByLabelText('Picture')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.some((call) => call.url.includes('attachments'))).toBe(false);
  });
});
