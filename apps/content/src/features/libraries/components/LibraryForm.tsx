import { ApiError } from '@shoal/core';
import { ErrorAlert, TextField } from '@shoal/ui';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../../i18n';
import { type OwnLibrary, PRIVACY_LEVELS, type PrivacyLevel } from '../../common/types';
import { type LibraryInput, useSaveLibrary } from '../queries';

export interface LibraryFormProps {
  library?: OwnLibrary;
  onSaved: (library: OwnLibrary) => void;
}

/** Name, description and visibility of a library (product.md §3: Public, Private, Restricted to this pod only). */
export function LibraryForm({ library, onSaved }: LibraryFormProps) {
  const id = useId();
  const [name, setName] = useState(library?.name ?? '');
  const [description, setDescription] = useState(library?.description ?? '');
  const [privacy, setPrivacy] = useState<PrivacyLevel>(library?.privacy_level ?? 'me');
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveLibrary(library?.uuid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors([t('library.form.nameRequired')]);
      return;
    }
    setErrors([]);
    const input: LibraryInput = {
      name: name.trim(),
      // product.md §5: an empty description is sent as null.
      description: description.trim() ? description : null,
      privacy_level: privacy,
    };
    save.mutate(input, {
      onSuccess: onSaved,
      onError: (error) => setErrors(error instanceof ApiError ? error.messages : [t('library.form.error')]),
    });
  };

  return (
    <form onSubmit={submit} className="content-form" noValidate>
      {errors.length > 0 && <ErrorAlert title={t('library.form.error')} messages={errors} />}
      <TextField
        id={`${id}-name`}
        label={t('library.name')}
        value={name}
        required
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="ui-field">
        <label htmlFor={`${id}-description`}>{t('library.description')}</label>
        <textarea
          id={`${id}-description`}
          value={description}
          rows={3}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset className="content-fieldset">
        <legend>{t('library.visibility')}</legend>
        {PRIVACY_LEVELS.map((level) => (
          <div key={level} className="content-radio">
            <input
              type="radio"
              id={`${id}-${level}`}
              name={`${id}-privacy`}
              value={level}
              checked={privacy === level}
              aria-describedby={`${id}-${level}-hint`}
              onChange={() => setPrivacy(level)}
            />
            <label htmlFor={`${id}-${level}`}>{t(`library.visibility.${level}`)}</label>
            <small id={`${id}-${level}-hint`} className="ui-field__hint">
              {t(`library.visibility.${level}.hint`)}
            </small>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="ui-button" disabled={save.isPending}>
        {library ? t('library.form.save') : t('library.form.create')}
      </button>
    </form>
  );
}
