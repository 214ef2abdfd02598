import { QueryProvider } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setUpFakePod } from '../../../test/fake-pod';
import CreateChannelPage from './CreateChannelPage';

const pod = setUpFakePod(({ path, method }) => {
  if (path === 'channels/metadata-choices/') {
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
  if (path === 'channels/' && method === 'POST') return Response.json({ uuid: 'c1' }, { status: 201 });
  return undefined;
});
const created = () => pod.sent.filter((call) => call.path === 'channels/');

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
    expect(created()).toHaveLength(0);

    await user.clear(screen.getByLabelText('Channel username'));
    await user.type(screen.getByLabelText('Channel username'), 'harbour_talk');
    await user.type(screen.getByLabelText('Add a tag'), 'talk,sea,');
    await user.selectOptions(screen.getByLabelText('Podcast category'), 'News');
    await user.selectOptions(screen.getByLabelText('Language'), 'French');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText('channel page')).toBeInTheDocument();

    expect(created()).toHaveLength(1);
    const [call] = created();
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
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
    expect(pod.sent.some((call) => call.path.includes('attachments'))).toBe(false);
  });
});
