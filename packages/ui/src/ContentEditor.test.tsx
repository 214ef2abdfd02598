import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentEditor, type ContentEditorLabels } from './ContentEditor';

afterEach(cleanup);

const labels: ContentEditorLabels = {
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

function Harness({
  initial = '',
  limit,
  preview = async () => '',
}: {
  initial?: string;
  limit?: number;
  preview?: (text: string) => Promise<string>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ContentEditor
      label="Description"
      value={value}
      onChange={setValue}
      labels={labels}
      preview={preview}
      limit={limit}
    />
  );
}

describe('ContentEditor', () => {
  it('counts the characters left and marks a negative count as dangerous', () => {
    render(<Harness initial={'x'.repeat(12)} limit={10} />);
    const remaining = screen.getByText('-2 characters left');
    expect(remaining).toHaveClass('ui-editor__remaining--danger');
    expect(screen.getByLabelText('Description')).toHaveAttribute('maxLength', '10');
  });

  it('continues lists on Enter and formats with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const area = screen.getByLabelText('Description');
    await user.type(area, '- one{Enter}two');
    expect(area).toHaveValue('- one\n- two');
    await user.keyboard('{Control>}b{/Control}');
    expect(area).toHaveValue('- one\n- two****');
  });

  it('undoes and redoes', async () => {
    const user = userEvent.setup();
    render(<Harness initial="hi" />);
    const area = screen.getByLabelText('Description');
    await user.click(area);
    await user.click(screen.getByRole('button', { name: 'Quote' }));
    expect(area).toHaveValue('> hi');
    await user.keyboard('{Control>}z{/Control}');
    expect(area).toHaveValue('hi');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(area).toHaveValue('> hi');
  });

  it('previews through the given renderer with the formatting buttons disabled', async () => {
    const user = userEvent.setup();
    const preview = vi.fn(async (text: string) => `<p><strong>${text}</strong></p>`);
    render(<Harness initial="bold" preview={preview} />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('bold', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled();
    expect(preview).toHaveBeenCalledWith('bold');
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByLabelText('Description')).toHaveValue('bold');
  });
});
