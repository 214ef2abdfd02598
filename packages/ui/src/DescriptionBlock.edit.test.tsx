import { ApiError, instanceStore } from '@shoal/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentEditorLabels } from './ContentEditor';
import { DescriptionBlock, descriptionPayload } from './DescriptionBlock';

const labels = {
  none: 'No description yet.',
  more: 'Show more',
  less: 'Show less',
  edit: 'Edit description',
  update: 'Update description',
  cancel: 'Cancel',
  saving: 'Saving…',
  field: 'Description',
  failed: 'The description could not be updated',
};
const editorLabels: ContentEditorLabels = {
  bold: 'Bold',
  italic: 'Italic',
  strikethrough: 'Strikethrough',
  link: 'Link',
  heading1: 'Heading 1',
  heading2: 'Heading 2',
  quote: 'Quote',
  unorderedList: 'Bulleted list',
  orderedList: 'Numbered list',
  preview: 'Preview',
  write: 'Write',
  toolbar: 'Formatting',
  previewLoading: 'Rendering…',
  previewFailed: 'The preview failed',
  remaining: (count) => `${count} characters left`,
};

beforeEach(() => instanceStore.setState({ url: 'https://pod.example/' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DescriptionBlock edit mode', () => {
  it('sends Markdown, and an empty description as null', () => {
    expect(descriptionPayload('**hi**')).toEqual({ content_type: 'text/markdown', text: '**hi**' });
    expect(descriptionPayload('  \n')).toBeNull();
  });

  it('offers no edit button when it cannot be updated', () => {
    render(
      <DescriptionBlock
        description={null}
        labels={labels}
        editorLabels={editorLabels}
        save={async () => null}
        canUpdate={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
  });

  it('disables the update button and shows loading while saving, then returns to display mode', async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => {};
    const save = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const onUpdated = vi.fn();
    render(
      <DescriptionBlock
        description={{ text: 'old', html: '<p>old</p>' }}
        labels={labels}
        editorLabels={editorLabels}
        save={save}
        onUpdated={onUpdated}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit description' }));
    const area = screen.getByLabelText('Description');
    expect(area).toHaveValue('old');
    expect(area).toHaveAttribute('maxLength', '5000');
    expect(screen.getByText('4997 characters left')).toBeInTheDocument();
    await user.clear(area);
    await user.click(screen.getByRole('button', { name: 'Update description' }));
    expect(save).toHaveBeenCalledWith(null);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    finish({ id: 1 });
    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith({ id: 1 }));
    expect(screen.getByText('old')).toBeInTheDocument();
  });

  it('lists the failure messages under the translated header and keeps the text', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new ApiError(400, ['Text: Ensure this field has no more than 5000 characters.']);
    });
    render(<DescriptionBlock description={null} labels={labels} editorLabels={editorLabels} save={save} />);
    expect(screen.getByText('No description yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit description' }));
    await user.type(screen.getByLabelText('Description'), 'new text');
    await user.click(screen.getByRole('button', { name: 'Update description' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The description could not be updated');
    expect(alert).toHaveTextContent('Text: Ensure this field has no more than 5000 characters.');
    expect(screen.getByLabelText('Description')).toHaveValue('new text');
  });

  it('PATCHes the update URL with the field name when no save is given', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ uuid: 'x' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <DescriptionBlock
        description={null}
        labels={labels}
        editorLabels={editorLabels}
        updateUrl="channels/x/"
        fieldName="summary"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit description' }));
    await user.type(screen.getByLabelText('Description'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Update description' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://pod.example/api/v1/channels/x/');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ summary: { content_type: 'text/markdown', text: 'Hello' } });
  });

  it('cancels back to display mode without saving', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => null);
    render(<DescriptionBlock description={null} labels={labels} editorLabels={editorLabels} save={save} />);
    await user.click(screen.getByRole('button', { name: 'Edit description' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('No description yet.')).toBeInTheDocument();
  });
});
