import { ApiError } from '@shoal/core';
import {
  ContentEditor,
  type ContentEditorLabels,
  ErrorAlert,
  PillLabelEditor,
  type PillLabelEditorLabels,
  TextField,
  textPreview,
} from '@shoal/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { t } from '../../../i18n';
import { type ChannelFormValues, formProblems } from '../channel-form';
import { checkPicture } from '../picture-rules';
import { useChannelChoices, useUploadAttachment } from '../queries';

const FALLBACK_CATEGORIES = ['Arts', 'Comedy', 'Education', 'History', 'Music', 'News', 'Science', 'Technology'];

function pillLabels(): PillLabelEditorLabels {
  return {
    group: t('channel.tags'),
    add: t('channel.tags.add'),
    edit: (label) => t('channel.tags.edit', { label }),
    editing: (label) => t('channel.tags.editing', { label }),
    remove: (label) => t('channel.tags.remove', { label }),
    empty: t('channel.tags.empty'),
    reset: t('channel.tags.reset'),
    delete: t('channel.tags.delete'),
  };
}

function editorLabels(): ContentEditorLabels {
  return {
    bold: t('channel.editor.bold'),
    italic: t('channel.editor.italic'),
    strikethrough: t('channel.editor.strikethrough'),
    link: t('channel.editor.link'),
    heading1: t('channel.editor.heading1'),
    heading2: t('channel.editor.heading2'),
    quote: t('channel.editor.quote'),
    unorderedList: t('channel.editor.unorderedList'),
    orderedList: t('channel.editor.orderedList'),
    preview: t('channel.editor.preview'),
    write: t('channel.editor.write'),
    toolbar: t('channel.editor.toolbar'),
    previewLoading: t('channel.editor.previewLoading'),
    previewFailed: t('channel.editor.previewFailed'),
    remaining: (count) => t('channel.editor.remaining', { count }),
  };
}

export interface ChannelFormProps {
  /** Creating asks for the username; editing shows it, fixed (product.md §5). */
  mode: 'create' | 'edit';
  /** The channel's content category: podcasts have their iTunes category, language and contact. */
  category: string;
  initial: ChannelFormValues;
  /** The picture the channel has now (editing). */
  currentCover?: string | null;
  submitLabel: string;
  secondary: ReactNode;
  /**
   * Sends the channel; `cover` is the uuid of a newly uploaded picture, null to remove the current one,
   * undefined to keep it. Rejects with the pod's error.
   */
  onSave: (values: ChannelFormValues, cover: string | null | undefined) => Promise<void>;
}

/**
 * The channel form shared by the create-channel wizard and the edit page: name, username (only
 * when creating), description through the content editor, tags, and for podcasts the iTunes
 * category and subcategory, language and contact e-mail; the picture checked in the browser
 * first. A failed save keeps everything typed and lists the pod's reasons; saving shows progress.
 */
export function ChannelForm({
  mode,
  category,
  initial,
  currentCover,
  submitLabel,
  secondary,
  onSave,
}: ChannelFormProps) {
  const id = useId();
  const [values, setValues] = useState<ChannelFormValues>(initial);
  const [picture, setPicture] = useState<File | null>(null);
  // A picture already uploaded for a save that then failed is not uploaded again.
  const [uploaded, setUploaded] = useState<{ file: File; uuid: string } | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const attachment = useUploadAttachment();
  const choices = useChannelChoices();
  const creating = mode === 'create';
  const categories = choices.data?.itunes_category ?? FALLBACK_CATEGORIES.map((value) => ({ value, label: value }));
  const languages = choices.data?.language ?? [{ value: 'en', label: 'English' }];
  const itunesCategory = values.itunesCategory || categories[0]?.value || '';
  const subcategories = choices.data?.itunes_category?.find((item) => item.value === itunesCategory)?.children ?? [];

  const set = <K extends keyof ChannelFormValues>(key: K, value: ChannelFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const choosePicture = async (file: File | undefined) => {
    setPicture(null);
    setPictureError(null);
    if (!file) return;
    const problem = await checkPicture(file);
    if (problem) setPictureError(t(`channel.picture.${problem}`));
    else setPicture(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = formProblems(values, creating).map((problem) =>
      problem === 'name' ? t('channel.name.required') : t('channel.username.invalid'),
    );
    if (problems.length > 0 || pictureError) {
      setErrors(problems);
      return;
    }
    setErrors([]);
    setSaving(true);
    try {
      let cover: string | null | undefined = removeCover ? null : undefined;
      if (picture) {
        if (uploaded?.file === picture) {
          cover = uploaded.uuid;
        } else {
          try {
            cover = (await attachment.mutateAsync(picture)).uuid;
            setUploaded({ file: picture, uuid: cover });
          } catch (error) {
            // calls.md §8.3: the pod checks the picture too; its reasons follow the message.
            setErrors([t('channel.picture.saveError'), ...(error instanceof ApiError ? error.messages : [])]);
            return;
          }
        }
      }
      await onSave({ ...values, itunesCategory }, cover);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [t('channel.error')]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="content-form" onSubmit={submit} noValidate aria-busy={saving || undefined}>
      {errors.length > 0 && <ErrorAlert title={t('channel.error')} messages={errors} />}
      <TextField
        id={`${id}-name`}
        label={t('channel.name')}
        value={values.name}
        maxLength={200}
        required
        onChange={(e) => set('name', e.target.value)}
      />
      {creating ? (
        <TextField
          id={`${id}-username`}
          label={t('channel.username')}
          hint={t('channel.username.hint')}
          value={values.username}
          maxLength={200}
          required
          pattern="\w+"
          onChange={(e) => set('username', e.target.value)}
        />
      ) : (
        <TextField
          id={`${id}-username`}
          label={t('channel.username')}
          hint={t('channel.form.usernameFixed')}
          value={values.username}
          readOnly
        />
      )}
      <ContentEditor
        label={t('channel.description')}
        value={values.description}
        onChange={(value) => set('description', value)}
        labels={editorLabels()}
        preview={textPreview}
        disabled={saving}
      />
      <PillLabelEditor
        items={values.tags}
        onChange={(tags) => set('tags', tags)}
        labels={pillLabels()}
        disabled={saving}
      />
      {category === 'podcast' && (
        <>
          <div className="ui-field">
            <label htmlFor={`${id}-category`}>{t('channel.podcastCategory')}</label>
            <select
              id={`${id}-category`}
              value={itunesCategory}
              onChange={(e) =>
                setValues((current) => ({ ...current, itunesCategory: e.target.value, itunesSubcategory: '' }))
              }
            >
              {categories.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </select>
          </div>
          {(subcategories.length > 0 || values.itunesSubcategory) && (
            <div className="ui-field">
              <label htmlFor={`${id}-subcategory`}>{t('channel.form.itunesSubcategory')}</label>
              <select
                id={`${id}-subcategory`}
                value={values.itunesSubcategory}
                onChange={(e) => set('itunesSubcategory', e.target.value)}
              >
                <option value="">{t('channel.form.noSubcategory')}</option>
                {values.itunesSubcategory &&
                  !subcategories.some(
                    (item) => (typeof item === 'string' ? item : item.value) === values.itunesSubcategory,
                  ) && <option value={values.itunesSubcategory}>{values.itunesSubcategory}</option>}
                {subcategories.map((item) => {
                  const value = typeof item === 'string' ? item : item.value;
                  const label = typeof item === 'string' ? item : (item.label ?? item.value);
                  return (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  );
                })}
              </select>
            </div>
          )}
          <div className="ui-field">
            <label htmlFor={`${id}-language`}>{t('channel.language')}</label>
            <select id={`${id}-language`} value={values.language} onChange={(e) => set('language', e.target.value)}>
              {languages.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id={`${id}-email`}
            type="email"
            label={t('channel.ownerEmail')}
            value={values.ownerEmail}
            onChange={(e) => set('ownerEmail', e.target.value)}
          />
        </>
      )}
      <div className="ui-field">
        {currentCover && (
          <figure className="content-channel-cover">
            <img src={currentCover} alt="" width={96} height={96} />
            <figcaption>{t('channel.form.currentPicture')}</figcaption>
          </figure>
        )}
        <label htmlFor={`${id}-picture`}>{t('channel.picture')}</label>
        <input
          id={`${id}-picture`}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={`${id}-picture-hint`}
          aria-invalid={pictureError ? true : undefined}
          onChange={(e) => void choosePicture(e.target.files?.[0])}
        />
        <small id={`${id}-picture-hint`} className="ui-field__hint">
          {t('channel.picture.hint')}
          {currentCover ? ` ${t('channel.form.keepPicture')}` : ''}
        </small>
        {currentCover && (
          <div className="content-checkbox">
            <input
              id={`${id}-remove-picture`}
              type="checkbox"
              checked={removeCover && !picture}
              disabled={Boolean(picture)}
              onChange={(e) => setRemoveCover(e.target.checked)}
            />
            <label htmlFor={`${id}-remove-picture`}>{t('channel.form.removePicture')}</label>
          </div>
        )}
        {pictureError && (
          <p role="alert" className="content-warning">
            {pictureError}
          </p>
        )}
      </div>
      <div className="content-actions">
        {secondary}
        <button type="submit" className="ui-button" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? t('channel.form.saving') : submitLabel}
        </button>
      </div>
      {saving && (
        <p role="status" className="visually-hidden">
          {t('channel.form.saving')}
        </p>
      )}
    </form>
  );
}
