import { ApiError, apiRequest } from '@shoal/core';
import { truncateLines } from '@shoal/text';
import { type FormEvent, useId, useState } from 'react';
import { CONTENT_LIMIT, ContentEditor, type ContentEditorLabels } from './ContentEditor';
import { ErrorAlert } from './ErrorAlert';
import { UserText } from './UserText';

/** Rich text as a pod returns it (product.md §3, Rich-text content). */
export interface RichTextValue {
  text?: string | null;
  html?: string | null;
  content_type?: string;
}

/** What a description update sends (calls.md §7.3): Markdown, or null to clear it. */
export type DescriptionPayload = { content_type: 'text/markdown'; text: string } | null;

export interface DescriptionBlockLabels {
  none: string;
  more: string;
  less: string;
  /** The rest are needed only when the block can be edited. */
  edit?: string;
  update?: string;
  cancel?: string;
  saving?: string;
  field?: string;
  failed?: string;
}

export interface DescriptionBlockProps {
  description: RichTextValue | null | undefined;
  labels: DescriptionBlockLabels;
  /** product.md §6: description editing is governed by a canUpdate flag (default true). */
  canUpdate?: boolean;
  /** calls.md §7.3: the URL (relative to the API) PATCHed with the new description. */
  updateUrl?: string;
  /** The field name sent to `updateUrl` (default `description`). */
  fieldName?: string;
  /** Saves another way than the PATCH (e.g. through an edit); resolves with the updated entity. */
  save?: (value: DescriptionPayload) => Promise<unknown>;
  /** Receives the updated entity after a successful save. */
  onUpdated?: (entity: unknown) => void;
  editorLabels?: ContentEditorLabels;
  /** Renders Markdown for the editor's preview (default: the pod's `text-preview/`). */
  preview?: (text: string) => Promise<string>;
  limit?: number;
}

/** calls.md §7.3: POST text-preview/ with the text; the pod answers with the rendered HTML. */
export async function textPreview(text: string): Promise<string> {
  const answer = await apiRequest<{ rendered?: string }>('text-preview/', {
    method: 'POST',
    json: { text, permissive: true },
  });
  return answer?.rendered ?? '';
}

/** The editor's text turned into what is sent: an empty (or blank) description clears it (product.md §5). */
export function descriptionPayload(text: string): DescriptionPayload {
  return text.trim() === '' ? null : { content_type: 'text/markdown', text };
}

/** calls.md §7.3: PATCH one field of `url` with the description; the answer is the updated entity. */
export function patchDescription(url: string, value: DescriptionPayload, fieldName = 'description'): Promise<unknown> {
  return apiRequest<unknown>(url, { method: 'PATCH', json: { [fieldName]: value } });
}

/**
 * A description (product.md §4). Display mode: cut to three lines / 200 characters with a more/less
 * toggle, or the 'no description' message. Edit mode (when it can be updated): the content editor
 * with its 5000-character limit; saving disables the update button and shows loading, a failure
 * lists the pod's messages in a red alert, a success or a cancel returns to display mode.
 */
export function DescriptionBlock({
  description,
  labels,
  canUpdate = true,
  updateUrl,
  fieldName = 'description',
  save,
  onUpdated,
  editorLabels,
  preview = textPreview,
  limit = CONTENT_LIMIT,
}: DescriptionBlockProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const editable = canUpdate && Boolean(save || updateUrl) && Boolean(editorLabels);

  const startEditing = () => {
    setDraft(description?.text ?? '');
    setErrors(null);
    setEditing(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors(null);
    const value = descriptionPayload(draft);
    try {
      const entity = save ? await save(value) : await patchDescription(updateUrl ?? '', value, fieldName);
      setEditing(false);
      onUpdated?.(entity);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [error instanceof Error ? error.message : String(error)]);
    } finally {
      setSaving(false);
    }
  };

  if (editing && editorLabels) {
    return (
      <form className="ui-description ui-description--editing" onSubmit={submit} aria-busy={saving}>
        {errors && <ErrorAlert title={labels.failed ?? ''} messages={errors} />}
        <ContentEditor
          label={labels.field ?? ''}
          value={draft}
          onChange={setDraft}
          labels={editorLabels}
          preview={preview}
          limit={limit}
          disabled={saving}
        />
        <div className="ui-description__actions">
          <button
            type="button"
            className="ui-button ui-button--secondary"
            disabled={saving}
            onClick={() => setEditing(false)}
          >
            {labels.cancel}
          </button>
          <button
            type="submit"
            className={saving ? 'ui-button ui-button--loading' : 'ui-button'}
            disabled={saving || draft.length > limit}
          >
            {saving ? labels.saving : labels.update}
          </button>
        </div>
      </form>
    );
  }

  const html = description?.html?.trim();
  const editButton = editable && (
    <button type="button" className="ui-button ui-button--secondary ui-description__edit" onClick={startEditing}>
      {labels.edit}
    </button>
  );
  if (!html) {
    return (
      <div className="ui-description">
        <p className="ui-description--empty">{labels.none}</p>
        {editButton}
      </div>
    );
  }
  const long = truncateLines(description?.text ?? html).truncated;
  return (
    <div className="ui-description">
      <UserText
        id={id}
        html={html}
        className={long && !expanded ? 'ui-description__text ui-description__text--clamped' : 'ui-description__text'}
      />
      {long && (
        <button
          type="button"
          className="ui-link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? labels.less : labels.more}
        </button>
      )}
      {editButton}
    </div>
  );
}
