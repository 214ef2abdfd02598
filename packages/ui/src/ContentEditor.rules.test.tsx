import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_LIMIT, ContentEditor, type ContentEditorLabels } from './ContentEditor';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <ContentEditor label="Text" value={value} onChange={setValue} labels={labels} preview={async () => ''} />;
}

function selectAll(area: HTMLTextAreaElement) {
  area.setSelectionRange(0, area.value.length);
}

describe('ContentEditor rules (product.md §5, calls.md §9.3)', () => {
  it('has a 5000-character default limit with a hard maximum length', () => {
    render(<Harness />);
    expect(CONTENT_LIMIT).toBe(5000);
    expect(screen.getByLabelText('Text')).toHaveAttribute('maxLength', '5000');
    expect(screen.getByText('5000 characters left')).not.toHaveClass('ui-editor__remaining--danger');
    expect(screen.getByLabelText('Text')).toHaveAttribute('rows', '3');
  });

  it.each([
    ['Heading 1', '# title'],
    ['Heading 2', '## title'],
    ['Quote', '> title'],
    ['Bulleted list', '- title'],
    ['Numbered list', '1. title'],
  ])('the %s button adds its prefix', async (button, expected) => {
    const user = userEvent.setup();
    render(<Harness initial="title" />);
    await user.click(screen.getByLabelText('Text'));
    await user.click(screen.getByRole('button', { name: button }));
    expect(screen.getByLabelText('Text')).toHaveValue(expected);
  });

  it.each([
    ['{Control>}i{/Control}', '_word_'],
    ['{Control>}{Shift>}x{/Shift}{/Control}', '~~word~~'],
    ['{Control>}k{/Control}', '[word](url)'],
    ['{Control>}b{/Control}', '**word**'],
  ])('the shortcut %s formats the selection', async (keys, expected) => {
    const user = userEvent.setup();
    render(<Harness initial="word" />);
    const area = screen.getByLabelText('Text') as HTMLTextAreaElement;
    await user.click(area);
    selectAll(area);
    await user.keyboard(keys);
    expect(area).toHaveValue(expected);
  });

  it('continues numbered lists and quotes on Enter, and drops an empty marker', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const area = screen.getByLabelText('Text');
    await user.type(area, '1. one{Enter}two{Enter}');
    expect(area).toHaveValue('1. one\n2. two\n3. ');
    await user.keyboard('{Enter}');
    expect(area).toHaveValue('1. one\n2. two\n');
    await user.type(area, '> quoted{Enter}more');
    expect(area).toHaveValue('1. one\n2. two\n> quoted\n> more');
  });

  it('groups typing within 300 ms into one undo step', async () => {
    let now = 10_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    render(<Harness />);
    const area = screen.getByLabelText('Text');
    fireEvent.change(area, { target: { value: 'a' } });
    now += 100;
    fireEvent.change(area, { target: { value: 'ab' } });
    now += 400;
    fireEvent.change(area, { target: { value: 'abc' } });
    fireEvent.keyDown(area, { key: 'z', ctrlKey: true });
    expect(area).toHaveValue('ab');
    fireEvent.keyDown(area, { key: 'z', ctrlKey: true });
    expect(area).toHaveValue('');
    fireEvent.keyDown(area, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(area).toHaveValue('ab');
  });

  it('shows a preview failure and disables every formatting button while previewing', async () => {
    const user = userEvent.setup();
    const [value, setValue] = ['x', () => {}];
    render(
      <ContentEditor
        label="Text"
        value={value}
        onChange={setValue}
        labels={labels}
        preview={async () => {
          throw new Error('down');
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The preview failed')).toBeInTheDocument();
    for (const name of ['Bold', 'Italic', 'Strikethrough', 'Link', 'Heading 1', 'Quote', 'Numbered list']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});
