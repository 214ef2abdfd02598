import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  addItem,
  CONFIRM_KEYS,
  cleanLabel,
  confirmLabel,
  deleteItem,
  openItem,
  type PillItem,
  resetItem,
} from './pill-labels';

export interface PillLabelEditorLabels {
  /** The group's name (e.g. "Tags"). */
  group: string;
  /** The new-item field's label. */
  add: string;
  /** Accessible name of a pill's button that opens it for editing. */
  edit: (label: string) => string;
  /** Accessible name of the text field while a pill is edited. */
  editing: (label: string) => string;
  remove: (label: string) => string;
  empty: string;
  reset: string;
  delete: string;
}

export interface PillLabelEditorProps {
  items: PillItem[];
  onChange: (items: PillItem[]) => void;
  labels: PillLabelEditorLabels;
  disabled?: boolean;
}

let nextKey = 0;

/**
 * A list of labels shown as pills (product.md §4, §5), e.g. an object's tags. Activating a pill
 * opens its label for editing; Enter, Tab, the arrows, Space or a comma confirm it, Escape
 * restores it; a label equal to another pill's merges into it; an empty label offers a reset
 * (for a pill that came with the object) or a delete (for one typed here).
 */
export function PillLabelEditor({ items, onChange, labels, disabled }: PillLabelEditorProps) {
  const id = useId();
  const [editing, setEditing] = useState<{ key: string; draft: string; before: PillItem[] } | null>(null);
  const [emptyOffer, setEmptyOffer] = useState<'reset' | 'delete' | null>(null);
  const [adding, setAdding] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  useEffect(() => {
    if (!focusKey.current) return;
    document.getElementById(`${id}-pill-${focusKey.current}`)?.focus();
    focusKey.current = null;
  });

  const open = (item: PillItem) => {
    const opened = openItem(item);
    setEmptyOffer(null);
    setEditing({ key: item.key, draft: item.label, before: items });
    onChange(items.map((candidate) => (candidate.key === item.key ? opened : candidate)));
  };

  const finish = (next: PillItem[], focus: string | null) => {
    setEditing(null);
    setEmptyOffer(null);
    focusKey.current = focus;
    onChange(next);
  };

  const confirm = (moveFocus: boolean) => {
    if (!editing) return;
    const result = confirmLabel(items, editing.key, editing.draft);
    if (result.kind === 'empty') {
      setEmptyOffer(result.offer);
      return;
    }
    finish(result.items, moveFocus ? (result.kind === 'merged' ? result.into : editing.key) : null);
  };

  const cancel = () => {
    if (!editing) return;
    finish(editing.before, editing.key);
  };

  const onEditKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
      return;
    }
    if (CONFIRM_KEYS.includes(event.key)) {
      // Tab confirms and lets the focus move on as usual.
      if (event.key !== 'Tab') event.preventDefault();
      confirm(event.key !== 'Tab');
    }
  };

  const addTyped = () => {
    nextKey += 1;
    onChange(addItem(items, adding, `custom-${nextKey}`));
    setAdding('');
  };

  const onAddKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && cleanLabel(adding) !== '') {
      event.preventDefault();
      addTyped();
    }
  };

  return (
    <fieldset className="ui-pills" disabled={disabled}>
      <legend>{labels.group}</legend>
      <ul className="ui-pills__list">
        {items.map((item) => (
          <li key={item.key} className={item.custom ? 'ui-pill ui-pill--custom' : 'ui-pill'}>
            {editing?.key === item.key ? (
              <span className="ui-pill__editing">
                <input
                  ref={field}
                  className="ui-pill__input"
                  aria-label={labels.editing(editing.draft || item.label)}
                  value={editing.draft}
                  onChange={(event) => {
                    setEmptyOffer(null);
                    setEditing({ ...editing, draft: cleanLabel(event.target.value) });
                  }}
                  onKeyDown={onEditKeyDown}
                />
                {emptyOffer && (
                  <span role="alert" className="ui-pill__empty">
                    {labels.empty}{' '}
                    {emptyOffer === 'reset' ? (
                      <button
                        type="button"
                        className="ui-link-button"
                        onClick={() => finish(resetItem(items, item.key), item.key)}
                      >
                        {labels.reset}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="ui-link-button"
                        onClick={() => finish(deleteItem(items, item.key), null)}
                      >
                        {labels.delete}
                      </button>
                    )}
                  </span>
                )}
              </span>
            ) : (
              <>
                <button
                  type="button"
                  id={`${id}-pill-${item.key}`}
                  className="ui-pill__label"
                  aria-label={labels.edit(item.label)}
                  onClick={() => open(item)}
                >
                  {item.label}
                </button>
                <button
                  type="button"
                  className="ui-pill__remove"
                  aria-label={labels.remove(item.label)}
                  onClick={() => onChange(deleteItem(items, item.key))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <label className="ui-pills__add">
        <span>{labels.add}</span>
        <input
          value={adding}
          onChange={(event) => setAdding(cleanLabel(event.target.value))}
          onKeyDown={onAddKeyDown}
          // Leaving the field (to save the form, say) keeps what was typed as a tag rather than losing it.
          onBlur={() => cleanLabel(adding) !== '' && addTyped()}
        />
      </label>
    </fieldset>
  );
}
