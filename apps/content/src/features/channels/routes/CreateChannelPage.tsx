import { ApiError, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { useNavigate } from '@shoal/router';
import { ErrorAlert, TextField } from '@shoal/ui';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../../i18n';
import { checkPicture, type PictureProblem } from '../picture-rules';
import { type ChannelCategory, useChannelChoices, useCreateChannel, useUploadAttachment } from '../queries';

const PODCAST_CATEGORIES = ['Arts', 'Comedy', 'Education', 'History', 'Music', 'News', 'Science', 'Technology'];

function pictureMessage(problem: PictureProblem): string {
  return t(`channel.picture.${problem}`);
}

/** The create-channel wizard: artist or podcast first, then the channel's details (product.md §2, §5). */
export default function CreateChannelPage() {
  const id = useId();
  const navigate = useNavigate();
  const username = useSession((state) => state.profile?.username ?? '');
  const [category, setCategory] = useState<ChannelCategory | null>(null);
  const [name, setName] = useState('');
  const [handle, setHandle] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [podcastCategory, setPodcastCategory] = useState(PODCAST_CATEGORIES[0] ?? '');
  const [ownerEmail, setOwnerEmail] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const attachment = useUploadAttachment();
  const create = useCreateChannel();
  const choices = useChannelChoices();
  const categories = choices.data?.itunes_category?.map((item) => item.value) ?? PODCAST_CATEGORIES;
  const languages = choices.data?.language ?? [{ value: 'en', label: 'English' }];
  const [language, setLanguage] = useState('en');
  const busy = attachment.isPending || create.isPending;

  if (!category) {
    return (
      <section aria-labelledby={`${id}-title`} className="content-page">
        <h1 id={`${id}-title`}>{t('channel.create.title')}</h1>
        <p>{t('channel.create.choose')}</p>
        <div className="content-columns">
          <button type="button" className="content-card content-choice" onClick={() => setCategory('music')}>
            <strong>{t('channel.kind.music')}</strong>
            <span>{t('channel.kind.music.text')}</span>
          </button>
          <button type="button" className="content-card content-choice" onClick={() => setCategory('podcast')}>
            <strong>{t('channel.kind.podcast')}</strong>
            <span>{t('channel.kind.podcast.text')}</span>
          </button>
        </div>
      </section>
    );
  }

  const choosePicture = async (file: File | undefined) => {
    setPicture(null);
    setPictureError(null);
    if (!file) return;
    const problem = await checkPicture(file);
    if (problem) setPictureError(pictureMessage(problem));
    else setPicture(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      !name.trim() && t('channel.name.required'),
      !/^\w+$/.test(handle) && t('channel.username.invalid'),
    ].filter((item): item is string => Boolean(item));
    if (missing.length > 0 || pictureError) {
      setErrors(missing);
      return;
    }
    setErrors([]);
    try {
      let cover: string | null = null;
      if (picture) {
        try {
          cover = (await attachment.mutateAsync(picture)).uuid;
        } catch (error) {
          // calls.md §8.3: the pod checks the picture too; its reasons follow the message.
          setErrors([t('channel.picture.saveError'), ...(error instanceof ApiError ? error.messages : [])]);
          return;
        }
      }
      await create.mutateAsync({
        name: name.trim(),
        username: handle,
        description: description.trim() ? { text: description, content_type: 'text/markdown' } : null,
        tags: tags
          .split(/[\s,]+/)
          .map((tag) => tag.trim())
          .filter(Boolean),
        content_category: category,
        cover,
        metadata:
          category === 'podcast'
            ? { itunes_category: podcastCategory, owner_name: username, owner_email: ownerEmail, language }
            : {},
      });
      showMessage({ content: t('channel.created'), color: 'green' });
      navigate(`/channels/${handle}`);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [t('channel.error')]);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="content-page">
      <h1 id={`${id}-title`}>{t(category === 'podcast' ? 'channel.create.podcast' : 'channel.create.music')}</h1>
      <form className="content-form" onSubmit={submit} noValidate>
        {errors.length > 0 && <ErrorAlert title={t('channel.error')} messages={errors} />}
        <TextField
          id={`${id}-name`}
          label={t('channel.name')}
          value={name}
          maxLength={200}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id={`${id}-username`}
          label={t('channel.username')}
          hint={t('channel.username.hint')}
          value={handle}
          maxLength={200}
          required
          pattern="\w+"
          onChange={(e) => setHandle(e.target.value)}
        />
        <div className="ui-field">
          <label htmlFor={`${id}-description`}>{t('channel.description')}</label>
          <textarea
            id={`${id}-description`}
            rows={3}
            maxLength={5000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <TextField
          id={`${id}-tags`}
          label={t('channel.tags')}
          hint={t('channel.tags.hint')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        {category === 'podcast' && (
          <>
            <div className="ui-field">
              <label htmlFor={`${id}-category`}>{t('channel.podcastCategory')}</label>
              <select
                id={`${id}-category`}
                value={podcastCategory}
                onChange={(e) => setPodcastCategory(e.target.value)}
              >
                {categories.map((item) => (
                  <option key={item}>{item}</option>
                ))}
              </select>
            </div>
            <div className="ui-field">
              <label htmlFor={`${id}-language`}>{t('channel.language')}</label>
              <select id={`${id}-language`} value={language} onChange={(e) => setLanguage(e.target.value)}>
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
              value={ownerEmail}
              onChange={(e) => setOwnerEmail(e.target.value)}
            />
          </>
        )}
        <div className="ui-field">
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
          </small>
          {pictureError && (
            <p role="alert" className="content-warning">
              {pictureError}
            </p>
          )}
        </div>
        <div className="content-actions">
          <button type="button" className="ui-button ui-button--secondary" onClick={() => setCategory(null)}>
            {t('channel.back')}
          </button>
          <button type="submit" className="ui-button" disabled={busy}>
            {t('channel.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
