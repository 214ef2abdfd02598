import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PillLabelEditor, type PillLabelEditorLabels } from './PillLabelEditor';
import { type PillItem, presetItems } from './pill-labels';

afterEach(cleanup);

const labels: PillLabelEditorLabels = {
  group: 'Tags',
  add: 'Add a tag',
  edit: (label) => `Edit tag ${label}`,
  editing: (label) => `Tag ${label}`,
  remove: (label) => `Remove tag ${label}`,
  empty: 'This tag is empty.',
  reset: 'Reset',
  delete: 'Delete',
};

let latest: PillItem[] = [];
function Harness({ initial }: { initial: string[] }) {
  const [items, setItems] = useState(presetItems(initial));
  latest = items;
  return <PillLabelEditor items={items} onChange={setItems} labels={labels} />;
}

describe('PillLabelEditor', () => {
  it('edits a label, confirms with Enter and keeps it, now a custom item', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['jazz', 'rock']} />);
    await user.click(screen.getByRole('button', { name: 'Edit tag jazz' }));
    const field = screen.getByRole('textbox', { name: 'Tag jazz' });
    await user.clear(field);
    // Space and comma confirm when typed; pasted ones are stripped.
    await user.paste(' free jazz, ');
    await user.keyboard('{Enter}');
    expect(latest.map((item) => item.label)).toEqual(['freejazz', 'rock']);
    expect(latest[0]?.custom).toBe(true);
    expect(screen.getByRole('button', { name: 'Edit tag freejazz' })).toHaveFocus();
  });

  it('keeps a new label typed and left without confirming (no tag lost on save)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness initial={['a']} />
        <button type="button">Save</button>
      </>,
    );
    await user.type(screen.getByLabelText('Add a tag'), 'sea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(latest.map((item) => item.label)).toEqual(['a', 'sea']);
    expect(screen.getByLabelText('Add a tag')).toHaveValue('');
  });

  it('confirms with a comma, Space or an arrow as well', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a']} />);
    for (const key of [',', ' ', '{ArrowRight}']) {
      await user.click(screen.getByRole('button', { name: /^Edit tag / }));
      await user.type(screen.getByRole('textbox', { name: /^Tag / }), `b${key}`);
      expect(screen.queryByRole('textbox', { name: /^Tag / })).toBeNull();
    }
    expect(latest.map((item) => item.label)).toEqual(['abbb']);
  });

  it('confirms with Tab and lets the focus move on', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a']} />);
    await user.click(screen.getByRole('button', { name: 'Edit tag a' }));
    await user.type(screen.getByRole('textbox', { name: /^Tag / }), 'z');
    await user.tab();
    expect(latest.map((item) => item.label)).toEqual(['az']);
    expect(screen.queryByRole('textbox', { name: /^Tag / })).toBeNull();
  });

  it('restores the original label on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['jazz']} />);
    await user.click(screen.getByRole('button', { name: 'Edit tag jazz' }));
    await user.type(screen.getByRole('textbox', { name: /^Tag / }), 'xyz{Escape}');
    expect(latest).toEqual(presetItems(['jazz']));
  });

  it('merges a duplicate into the existing pill', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['jazz', 'rock']} />);
    await user.click(screen.getByRole('button', { name: 'Edit tag rock' }));
    const field = screen.getByRole('textbox', { name: /^Tag / });
    await user.clear(field);
    await user.type(field, 'jazz{Enter}');
    expect(latest.map((item) => item.label)).toEqual(['jazz']);
  });

  it('offers a reset for an emptied preset label and a delete for an emptied custom one', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['jazz']} />);
    await user.click(screen.getByRole('button', { name: 'Edit tag jazz' }));
    await user.clear(screen.getByRole('textbox', { name: /^Tag / }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('This tag is empty.');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(latest).toEqual([{ key: expect.any(String), label: 'jazz', custom: false }]);

    await user.type(screen.getByRole('textbox', { name: 'Add a tag' }), 'new, {Enter}');
    expect(latest.map((item) => item.label)).toEqual(['jazz', 'new']);
    await user.click(screen.getByRole('button', { name: 'Edit tag new' }));
    await user.clear(screen.getByRole('textbox', { name: /^Tag / }));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(latest.map((item) => item.label)).toEqual(['jazz']);
  });
});
