import { continueLine, type EditState, insertLink, PREFIXES, togglePrefix, wrapSelection } from '@shoal/text';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { UserText } from './UserText';

/** calls.md §9.3: the default character limit, the textarea's first height and the undo debounce. */
export const CONTENT_LIMIT = 5000;
const INITIAL_ROWS = 3;
const UNDO_DEBOUNCE_MS = 300;

export interface ContentEditorLabels {
  bold: string;
  italic: string;
  strikethrough: string;
  link: string;
  heading1: string;
  heading2: string;
  quote: string;
  unorderedList: string;
  orderedList: string;
  preview: string;
  write: string;
  toolbar: string;
  previewLoading: string;
  previewFailed: string;
  remaining: (count: number) => string;
}

export interface ContentEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  labels: ContentEditorLabels;
  /** Renders Markdown for the preview, usually through the pod's `text-preview/`. */
  preview: (text: string) => Promise<string>;
  limit?: number;
  disabled?: boolean;
}

type Command = (state: EditState) => EditState;

const COMMANDS: Record<string, Command> = {
  bold: (state) => wrapSelection(state, '**'),
  italic: (state) => wrapSelection(state, '_'),
  strikethrough: (state) => wrapSelection(state, '~~'),
  link: (state) => insertLink(state),
  heading1: (state) => togglePrefix(state, PREFIXES.heading1),
  heading2: (state) => togglePrefix(state, PREFIXES.heading2),
  quote: (state) => togglePrefix(state, PREFIXES.quote),
  unorderedList: (state) => togglePrefix(state, PREFIXES.unorderedList),
  orderedList: (state) => togglePrefix(state, PREFIXES.orderedList),
};

/** product.md §5: Ctrl+B, Ctrl+I, Ctrl+Shift+X, Ctrl+K. */
function shortcutCommand(event: KeyboardEvent): string | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'b' && !event.shiftKey) return 'bold';
  if (key === 'i' && !event.shiftKey) return 'italic';
  if (key === 'x' && event.shiftKey) return 'strikethrough';
  if (key === 'k' && !event.shiftKey) return 'link';
  return null;
}

/**
 * The Markdown content editor (product.md §4, §5): a formatting toolbar, Enter continuing lists and
 * quotes, keyboard shortcuts with its own undo / redo, a remaining-characters count marked dangerous
 * below zero, a hard maximum length, and a preview that disables the formatting buttons.
 */
export function ContentEditor({
  label,
  value,
  onChange,
  labels,
  preview,
  limit = CONTENT_LIMIT,
  disabled,
}: ContentEditorProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [previewing, setPreviewing] = useState(false);
  const [rendered, setRendered] = useState<{ html: string } | { error: true } | null>(null);
  const history = useRef({ past: [] as string[], future: [] as string[], lastPush: 0 });
  const pendingSelection = useRef<[number, number] | null>(null);

  useEffect(() => {
    const selection = pendingSelection.current;
    if (selection && area.current) {
      area.current.setSelectionRange(selection[0], selection[1]);
      pendingSelection.current = null;
    }
  });

  useEffect(() => {
    if (!previewing) return;
    let current = true;
    setRendered(null);
    preview(value).then(
      (html) => current && setRendered({ html }),
      () => current && setRendered({ error: true }),
    );
    return () => {
      current = false;
    };
  }, [previewing, preview, value]);

  /** Records `value` before a change; typing within 300 ms of the last record joins the same step. */
  const record = (debounce: boolean) => {
    const now = Date.now();
    const log = history.current;
    if (!debounce || now - log.lastPush > UNDO_DEBOUNCE_MS) log.past.push(value);
    log.future = [];
    log.lastPush = now;
  };

  const apply = (next: EditState) => {
    record(false);
    pendingSelection.current = [next.start, next.end];
    onChange(next.value.slice(0, limit));
    area.current?.focus();
  };

  const run = (name: string) => {
    const element = area.current;
    const command = COMMANDS[name];
    if (!element || !command) return;
    apply(command({ value, start: element.selectionStart, end: element.selectionEnd }));
  };

  const undo = (redo: boolean) => {
    const log = history.current;
    const from = redo ? log.future : log.past;
    const to = redo ? log.past : log.future;
    const previous = from.pop();
    if (previous === undefined) return;
    to.push(value);
    onChange(previous);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const element = event.currentTarget;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      undo(event.shiftKey);
      return;
    }
    const name = shortcutCommand(event);
    if (name) {
      event.preventDefault();
      run(name);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      const next = continueLine({ value, start: element.selectionStart, end: element.selectionEnd });
      if (next) {
        event.preventDefault();
        apply(next);
      }
    }
  };

  const remaining = limit - value.length;
  return (
    <div className="ui-field ui-editor">
      <label htmlFor={`${id}-text`}>{label}</label>
      <div className="ui-editor__toolbar" role="toolbar" aria-label={labels.toolbar} aria-controls={`${id}-text`}>
        {Object.keys(COMMANDS).map((name) => (
          <button
            key={name}
            type="button"
            className="ui-button ui-button--secondary"
            disabled={previewing || disabled}
            onClick={() => run(name)}
          >
            {labels[name as keyof typeof COMMANDS & keyof ContentEditorLabels] as string}
          </button>
        ))}
        <button
          type="button"
          className="ui-button ui-button--secondary"
          aria-pressed={previewing}
          onClick={() => setPreviewing(!previewing)}
        >
          {previewing ? labels.write : labels.preview}
        </button>
      </div>
      {previewing ? (
        <div className="ui-editor__preview" aria-live="polite">
          {rendered === null && <p>{labels.previewLoading}</p>}
          {rendered && 'error' in rendered && <p className="ui-alert">{labels.previewFailed}</p>}
          {rendered && 'html' in rendered && <UserText html={rendered.html} />}
        </div>
      ) : (
        <textarea
          ref={area}
          id={`${id}-text`}
          value={value}
          rows={INITIAL_ROWS}
          maxLength={limit}
          disabled={disabled}
          aria-describedby={`${id}-remaining`}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            record(true);
            onChange(event.target.value);
          }}
        />
      )}
      <small
        id={`${id}-remaining`}
        className={remaining < 0 ? 'ui-editor__remaining ui-editor__remaining--danger' : 'ui-editor__remaining'}
      >
        {labels.remaining(remaining)}
      </small>
    </div>
  );
}
