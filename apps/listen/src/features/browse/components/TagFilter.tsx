import { type KeyboardEvent, useId, useState } from 'react';
import { t } from '../../../i18n';
import { useTagSuggestions } from '../queries/use-tag-suggestions';

export interface TagFilterProps {
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags chosen as pills; a text input with the pod's matching tags as suggestions adds more. */
export function TagFilter({ tags, onChange }: TagFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const suggestions = useTagSuggestions(draft);
  const add = () => {
    // Tags never hold spaces or commas (product.md §5, pill label editor).
    const tag = draft.replace(/[,\s]/g, '').replace(/^#/, '');
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="ui-field listen-tag-filter">
      <label htmlFor={`${id}-input`}>{t('browse.tags')}</label>
      <div className="listen-tag-filter__row">
        <input
          id={`${id}-input`}
          list={`${id}-suggestions`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
        <button type="button" className="ui-button ui-button--secondary" onClick={add} disabled={!draft.trim()}>
          {t('browse.addTag')}
        </button>
      </div>
      <small id={`${id}-hint`} className="ui-field__hint">
        {t('browse.tagsHint')}
      </small>
      <datalist id={`${id}-suggestions`}>
        {(suggestions.data ?? []).map((tag) => (
          <option key={tag.name} value={tag.name} />
        ))}
      </datalist>
      {tags.length > 0 && (
        <ul className="listen-pills">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="listen-pill"
                aria-label={t('browse.removeTag', { tag })}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
              >
                #{tag} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
