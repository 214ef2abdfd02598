import { markAnonymous, setProfile } from '@shoal/core';
import { QueryProvider } from '@shoal/query';
import { MemoryRouter, Route, Routes } from '@shoal/router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUpFakePod } from '../../../test/fake-pod';
import EditChannelPage from './EditChannelPage';

let patchAnswer: () => Promise<Response> = async () => Response.json({ uuid: 'c1' });

/** A podcast channel as a real pod's `channels/{uuid}/` gives it. */
const channel = {
  uuid: 'c1',
  artist: {
    name: 'Harbour Talk',
    content_category: 'podcast',
    description: { text: 'Weekly **talks**.', content_type: 'text/markdown', html: '<p>Weekly</p>' },
    tags: ['sea', 'talk'],
    cover: null,
  },
  actor: { preferred_username: 'harbour_talk', full_username: 'harbour_talk@pod.example' },
  attributed_to: { full_username: 'owner@pod.example' },
  metadata: { itunes_category: 'Arts', language: 'en', owner_name: 'owner', explicit: false },
};

const pod = setUpFakePod(({ path, method }) => {
  if (path === 'channels/metadata-choices/') {
    return Response.json({
      itunes_category: [
        { value: 'Arts', label: 'Arts', children: ['Design', 'Books'] },
        { value: 'News', label: 'News', children: [] },
      ],
      language: [
        { value: 'en', label: 'English' },
        { value: 'fr', label: 'French' },
      ],
    });
  }
  if (path === 'channels/c1/' && method === 'PATCH') return patchAnswer();
  if (path === 'channels/c1/') return Response.json(channel);
  return undefined;
});

beforeEach(() => {
  setProfile({ id: 1, username: 'owner', full_username: 'owner@pod.example', permissions: {} });
});
afterEach(() => {
  markAnonymous();
  patchAnswer = async () => Response.json({ uuid: 'c1' });
});

function renderEdit() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/content/channels/c1/edit']}>
        <Routes>
          <Route path="/content/channels/:id/edit" element={<EditChannelPage />} />
          <Route path="/channels/:id" element={<p>channel page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

const patches = () => pod.sent.filter((call) => call.method === 'PATCH');

describe('the edit-channel page', () => {
  it("starts from the channel's values, keeps the username fixed and PATCHes the update fields", async () => {
    const user = userEvent.setup();
    renderEdit();
    const name = await screen.findByLabelText('Channel name');
    expect(name).toHaveValue('Harbour Talk');
    expect(screen.getByLabelText('Channel username')).toHaveValue('harbour_talk');
    expect(screen.getByLabelText('Channel username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Description')).toHaveValue('Weekly **talks**.');
    expect(screen.getByRole('group', { name: 'Tags' })).toHaveTextContent(/sea.*talk/);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Design' })).toBeInTheDocument());

    await user.clear(name);
    await user.type(name, 'Harbour Talks');
    await user.clear(screen.getByLabelText('Description'));
    await user.selectOptions(screen.getByLabelText('Podcast subcategory'), 'Design');
    await user.selectOptions(screen.getByLabelText('Language'), 'French');
    await user.type(screen.getByLabelText('Add a tag'), 'news{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('channel page')).toBeInTheDocument();

    expect(patches()).toHaveLength(1);
    expect(patches()[0]?.path).toBe('channels/c1/');
    expect(patches()[0]?.body).toEqual({
      name: 'Harbour Talks',
      description: null,
      tags: ['sea', 'talk', 'news'],
      content_category: 'podcast',
      metadata: {
        itunes_category: 'Arts',
        itunes_subcategory: 'Design',
        language: 'fr',
        owner_name: 'owner',
        explicit: false,
      },
    });
  });

  it('removes the current picture only when asked, with cover null', async () => {
    const user = userEvent.setup();
    const withCover = {
      ...channel,
      artist: {
        ...channel.artist,
        cover: { urls: { original: 'https://pod.example/c.png', medium_square_crop: null } },
      },
    };
    pod.answerWith(({ path, method }) => {
      if (path === 'channels/c1/' && method === 'PATCH') return Response.json({ uuid: 'c1' });
      if (path === 'channels/c1/') return Response.json(withCover);
      return undefined;
    });
    renderEdit();
    const remove = await screen.findByRole('checkbox', { name: /Remove the current picture/ });
    expect(remove).not.toBeChecked();
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('channel page')).toBeInTheDocument();
    expect(patches()[0]?.body).toMatchObject({ cover: null });
  });

  it('keeps what was typed when the pod refuses, lists its reasons and shows progress while saving', async () => {
    const user = userEvent.setup();
    let release: (response: Response) => void = () => {};
    patchAnswer = () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      });
    renderEdit();
    const name = await screen.findByLabelText('Channel name');
    await user.clear(name);
    await user.type(name, 'A new name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();

    release(Response.json({ name: ['Ensure this field has no more than 200 characters.'] }, { status: 400 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error while saving channel.');
    expect(alert).toHaveTextContent('Ensure this field has no more than 200 characters.');
    expect(screen.getByLabelText('Channel name')).toHaveValue('A new name');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(screen.queryByText('channel page')).not.toBeInTheDocument();
  });

  it('checks the name before sending anything', async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.clear(await screen.findByLabelText('Channel name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the channel a name.');
    expect(patches()).toHaveLength(0);
  });

  it('offers no form to someone who does not own the channel', async () => {
    setProfile({ id: 2, username: 'listener', full_username: 'listener@pod.example', permissions: {} });
    renderEdit();
    expect(await screen.findByText('Only the owner of this channel can edit it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Channel name')).not.toBeInTheDocument();
  });
});
