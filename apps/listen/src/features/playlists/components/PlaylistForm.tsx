import { ErrorAlert, TextField } from '@shoal/ui';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../../i18n/playlists';
import { errorMessages } from '../../radios/error-messages';
import { useSavePlaylist } from '../queries/playlists';
import { type Playlist, type PlaylistVisibility, VISIBILITIES } from '../types';

export interface PlaylistFormProps {
  playlist: Playlist | null;
  onSaved?: (playlist: Playlist) => void;
}

/** Name, visibility and description of a new or existing playlist. */
export function PlaylistForm({ playlist, onSaved }: PlaylistFormProps) {
  const id = useId();
  const [name, setName] = useState(playlist?.name ?? '');
  const [visibility, setVisibility] = useState<PlaylistVisibility>(playlist?.privacy_level ?? 'instance');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [nameError, setNameError] = useState(false);
  const save = useSavePlaylist(playlist?.id ?? null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(true);
      return;
    }
    setNameError(false);
    save.mutate(
      // calls.md §5: an empty description is sent as null.
      { name: name.trim(), privacy_level: visibility, description: description.trim() ? description : null },
      { onSuccess: (saved) => onSaved?.(saved) },
    );
  };
  return (
    <form className="listen-form" onSubmit={onSubmit} noValidate>
      <TextField
        id={`${id}-name`}
        label={t('playlists.form.name')}
        value={name}
        maxLength={50}
        required
        aria-invalid={nameError}
        hint={nameError ? t('playlists.form.nameRequired') : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="ui-field">
        <label htmlFor={`${id}-visibility`}>{t('playlists.visibility')}</label>
        <select
          id={`${id}-visibility`}
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as PlaylistVisibility)}
        >
          {VISIBILITIES.map((level) => (
            <option key={level} value={level}>
              {t(`playlists.visibility.${level}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-description`}>{t('playlists.form.description')}</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          maxLength={5000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      {save.isError && <ErrorAlert title={t('playlists.form.failed')} messages={errorMessages(save.error)} />}
      <button type="submit" className="ui-button" disabled={save.isPending}>
        {save.isPending
          ? t('playlists.form.saving')
          : playlist
            ? t('playlists.form.update')
            : t('playlists.form.create')}
      </button>
    </form>
  );
}
