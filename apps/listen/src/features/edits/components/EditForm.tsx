import { ApiError } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { useNavigate } from '@shoal/router';
import { ContentEditor, ErrorAlert, type PillItem, PillLabelEditor, presetItems, textPreview } from '@shoal/ui';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { t } from '../../../i18n/edits';
import { buildPayload, EDIT_FIELDS, type EditField, type FormValues, initialValues } from '../edit-fields';
import { useCreateEdit, useLicenses } from '../queries';
import type { EditableObject, EditKind } from '../types';
import { editorLabels, pillLabels } from './labels';

export interface EditFormProps {
  kind: EditKind;
  object: EditableObject;
  /** With the library permission the edit applies at once; otherwise it is a suggestion. */
  apply: boolean;
  basePath: string;
}

const TEXT_LIMITS: Partial<Record<EditField, number>> = { title: 255, name: 255, copyright: 500 };

/**
 * A form per editable field (only changed fields are sent), a summary, and one submit: as an
 * applied edit or as a suggestion. Errors of the pod are listed under a translated header; what
 * was typed stays.
 */
export function EditForm({ kind, object, apply, basePath }: EditFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const initial = useMemo(() => initialValues(kind, object), [kind, object]);
  const [values, setValues] = useState<FormValues>(initial);
  const [tags, setTags] = useState<PillItem[]>(() => presetItems((initial.tags as string[] | undefined) ?? []));
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<string[] | null>(null);
  const create = useCreateEdit();
  const fields = EDIT_FIELDS[kind];
  const licenses = useLicenses(fields.includes('license'));

  const set = (field: EditField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const text = (field: EditField) => (typeof values[field] === 'string' ? (values[field] as string) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = buildPayload(kind, initial, { ...values, tags: tags.map((item) => item.label) });
    if (Object.keys(payload).length === 0) {
      setErrors([t('edit.nothingChanged')]);
      return;
    }
    setErrors(null);
    create.mutate(
      { kind, id: String(object.id), payload, summary: summary.trim(), apply },
      {
        onSuccess: (mutation) => {
          showMessage({ content: apply ? t('edit.applied') : t('edit.suggested') });
          navigate(`${basePath}/${mutation.uuid}`);
        },
        onError: (error) => setErrors(error instanceof ApiError ? error.messages : [error.message]),
      },
    );
  };

  const input = (field: EditField, type: 'text' | 'number' | 'date' = 'text') => (
    <div className="ui-field" key={field}>
      <label htmlFor={`${id}-${field}`}>{t(`edit.field.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        value={text(field)}
        maxLength={TEXT_LIMITS[field]}
        required={field === 'title' || field === 'name'}
        min={type === 'number' ? 0 : undefined}
        onChange={(event) => set(field, event.target.value)}
      />
    </div>
  );

  const renderField = (field: EditField) => {
    switch (field) {
      case 'title':
      case 'name':
      case 'copyright':
        return input(field);
      case 'position':
        return input(field, 'number');
      case 'release_date':
        return input(field, 'date');
      case 'content_category':
        return (
          <div className="ui-field" key={field}>
            <label htmlFor={`${id}-${field}`}>{t('edit.field.content_category')}</label>
            <select id={`${id}-${field}`} value={text(field)} onChange={(event) => set(field, event.target.value)}>
              <option value="music">{t('edit.category.music')}</option>
              <option value="podcast">{t('edit.category.podcast')}</option>
              <option value="other">{t('edit.category.other')}</option>
            </select>
          </div>
        );
      case 'license':
        return (
          <div className="ui-field" key={field}>
            <label htmlFor={`${id}-${field}`}>{t('edit.field.license')}</label>
            <select id={`${id}-${field}`} value={text(field)} onChange={(event) => set(field, event.target.value)}>
              <option value="">{t('edit.noLicense')}</option>
              {text(field) && !licenses.data?.results.some((licence) => licence.code === text(field)) && (
                <option value={text(field)}>{text(field)}</option>
              )}
              {licenses.data?.results.map((licence) => (
                <option key={licence.code} value={licence.code}>
                  {licence.name}
                </option>
              ))}
            </select>
          </div>
        );
      case 'description':
        return (
          <ContentEditor
            key={field}
            label={t('edit.field.description')}
            value={text(field)}
            onChange={(value) => set(field, value)}
            labels={editorLabels()}
            preview={textPreview}
          />
        );
      case 'tags':
        return <PillLabelEditor key={field} items={tags} onChange={setTags} labels={pillLabels()} />;
    }
  };

  return (
    <form className="listen-edit-form" onSubmit={submit} aria-busy={create.isPending}>
      <p>{apply ? t('edit.intro') : t('edit.suggestIntro')}</p>
      {errors && <ErrorAlert title={t('edit.submitFailed')} messages={errors} />}
      {fields.map(renderField)}
      <div className="ui-field">
        <label htmlFor={`${id}-summary`}>{t('edit.summary')}</label>
        <textarea
          id={`${id}-summary`}
          value={summary}
          rows={3}
          maxLength={2000}
          aria-describedby={`${id}-summary-hint`}
          onChange={(event) => setSummary(event.target.value)}
        />
        <small id={`${id}-summary-hint`} className="ui-field__hint">
          {t('edit.summaryHint')}
        </small>
      </div>
      <button type="submit" className="ui-button" disabled={create.isPending}>
        {create.isPending ? t('edit.submitting') : apply ? t('edit.submitEdit') : t('edit.submitSuggestion')}
      </button>
    </form>
  );
}
