import '../../playlists/playlists.css';
import { useNavigate, useParams } from '@shoal/router';
import { ErrorAlert, TextField } from '@shoal/ui';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { t } from '../../../i18n/radios';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { useArtists } from '../../catalogue/queries';
import { errorMessages } from '../error-messages';
import { useFilterCheck, useRadio, useSaveRadio } from '../queries/radios';
import type { FilterCheck, Radio, RadioFilter } from '../types';

/** A filter being edited; `key` keeps React rows stable while filters come and go. */
interface DraftFilter {
  key: number;
  type: 'tag' | 'artist';
  tags: string;
  artistIds: number[];
  exclude: boolean;
}

let draftKey = 0;
const newDraft = (from?: RadioFilter): DraftFilter => {
  draftKey += 1;
  return {
    key: draftKey,
    type: from?.type === 'artist' ? 'artist' : 'tag',
    tags: (from?.type === 'tag' ? (from.names ?? []) : []).join(', '),
    artistIds: from?.type === 'artist' ? (from.ids ?? []) : [],
    exclude: from?.not === true,
  };
};

/** The filter as the pod takes it, or null while it selects nothing. */
export function toFilter(draft: DraftFilter): RadioFilter | null {
  if (draft.type === 'tag') {
    const names = draft.tags
      .split(',')
      .map((name) => name.trim().replace(/^#/, ''))
      .filter(Boolean);
    return names.length ? { type: 'tag', names, not: draft.exclude } : null;
  }
  return draft.artistIds.length ? { type: 'artist', ids: draft.artistIds, not: draft.exclude } : null;
}

/** Waits until the value has not changed for `ms`, so typing does not send a count per key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function FilterRow({
  draft,
  index,
  check,
  counting,
  onChange,
  onRemove,
}: {
  draft: DraftFilter;
  index: number;
  check: FilterCheck | undefined;
  counting: boolean;
  onChange: (draft: DraftFilter) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const artists = useArtists({ ordering: 'name', page_size: 100 });
  const count = check?.candidates.count;
  return (
    <fieldset className="listen-radio-filter">
      <legend>{t('radios.build.filterNumber', { number: index + 1 })}</legend>
      <div className="ui-field">
        <label htmlFor={`${id}-type`}>{t('radios.build.filterType')}</label>
        <select
          id={`${id}-type`}
          value={draft.type}
          onChange={(event) => onChange({ ...draft, type: event.target.value === 'artist' ? 'artist' : 'tag' })}
        >
          <option value="tag">{t('radios.filter.tag')}</option>
          <option value="artist">{t('radios.filter.artist')}</option>
        </select>
      </div>
      {draft.type === 'tag' ? (
        <TextField
          id={`${id}-tags`}
          label={t('radios.build.tags')}
          value={draft.tags}
          onChange={(event) => onChange({ ...draft, tags: event.target.value })}
        />
      ) : (
        <div className="ui-field">
          <label htmlFor={`${id}-artists`}>{t('radios.build.artists')}</label>
          <select
            id={`${id}-artists`}
            multiple
            size={6}
            value={draft.artistIds.map(String)}
            onChange={(event) =>
              onChange({
                ...draft,
                artistIds: Array.from(event.target.selectedOptions, (option) => Number(option.value)),
              })
            }
          >
            {artists.data?.results.map((artist) => (
              <option key={artist.id} value={artist.id}>
                {artist.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="ui-field ui-field--inline">
        <input
          id={`${id}-exclude`}
          type="checkbox"
          checked={draft.exclude}
          onChange={(event) => onChange({ ...draft, exclude: event.target.checked })}
        />
        <label htmlFor={`${id}-exclude`}>{t('radios.build.exclude')}</label>
      </div>
      <output className="listen-count" aria-live="polite">
        {check?.errors.length
          ? check.errors.join(' ')
          : counting
            ? t('radios.build.counting')
            : typeof count === 'number'
              ? t('radios.build.matching', { count })
              : ''}
      </output>
      <button type="button" className="ui-button ui-button--secondary" onClick={onRemove}>
        {t('radios.build.removeFilter')}
      </button>
    </fieldset>
  );
}

function RadioForm({ radio }: { radio: Radio | null }) {
  const [name, setName] = useState(radio?.name ?? '');
  const [description, setDescription] = useState(radio?.description ?? '');
  const [isPublic, setPublic] = useState(radio?.is_public ?? true);
  const [drafts, setDrafts] = useState<DraftFilter[]>(() => (radio?.config ?? []).map(newDraft));
  const [nameError, setNameError] = useState(false);
  const save = useSaveRadio(radio ? String(radio.id) : null);
  const navigate = useNavigate();

  const filters = useMemo(() => drafts.map(toFilter), [drafts]);
  const settled = useSettled(filters, 300);
  const ready = settled.filter((filter): filter is RadioFilter => filter !== null);
  const check = useFilterCheck(ready);
  const counting = check.isFetching || settled !== filters;
  // Results come in the order of the filters that were sent; empty filters were not sent.
  const checks: (FilterCheck | undefined)[] = [];
  let at = 0;
  for (const filter of settled) {
    checks.push(filter ? check.data?.filters[at] : undefined);
    if (filter) at += 1;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(true);
      return;
    }
    setNameError(false);
    const config = filters.filter((filter): filter is RadioFilter => filter !== null);
    save.mutate(
      { name: name.trim(), description, is_public: isPublic, config },
      { onSuccess: (saved) => navigate(`/library/radios/${saved.id}`) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="listen-form">
      <TextField
        id="radio-name"
        label={t('radios.build.name')}
        value={name}
        required
        maxLength={100}
        aria-invalid={nameError}
        hint={nameError ? t('radios.build.nameRequired') : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="ui-field">
        <label htmlFor="radio-description">{t('radios.build.description')}</label>
        <textarea
          id="radio-description"
          value={description}
          rows={3}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="ui-field ui-field--inline">
        <input id="radio-public" type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
        <label htmlFor="radio-public">{t('radios.build.public')}</label>
      </div>
      <h2>{t('radios.build.filters')}</h2>
      {drafts.length === 0 && <p>{t('radios.build.noFilter')}</p>}
      {drafts.map((draft, index) => (
        <FilterRow
          key={draft.key}
          draft={draft}
          index={index}
          check={checks[index]}
          counting={counting && filters[index] !== null}
          onChange={(changed) => setDrafts((all) => all.map((item) => (item.key === draft.key ? changed : item)))}
          onRemove={() => setDrafts((all) => all.filter((item) => item.key !== draft.key))}
        />
      ))}
      <p>
        <button
          type="button"
          className="ui-button ui-button--secondary"
          onClick={() => setDrafts((all) => [...all, newDraft()])}
        >
          {t('radios.build.addFilter')}
        </button>
      </p>
      {save.isError && <ErrorAlert title={t('radios.build.failed')} messages={errorMessages(save.error)} />}
      <button type="submit" className="ui-button" disabled={save.isPending}>
        {save.isPending ? t('radios.build.saving') : t('radios.build.save')}
      </button>
    </form>
  );
}

/** `/library/radios/build` and `/library/radios/build/:id`: the custom radio builder (product.md §2). */
export default function RadioBuilderPage() {
  const { id } = useParams();
  const radio = useRadio(id ?? '', Boolean(id));
  if (!id) {
    return (
      <article aria-labelledby="radio-builder-title">
        <h1 id="radio-builder-title">{t('radios.build.newTitle')}</h1>
        <RadioForm radio={null} />
      </article>
    );
  }
  return (
    <QueryStatus query={radio} failedTitle={t('radios.detailFailed')}>
      {(data) => (
        <article aria-labelledby="radio-builder-title">
          <h1 id="radio-builder-title">{t('radios.build.editTitle', { name: data.name })}</h1>
          <RadioForm key={data.id} radio={data} />
        </article>
      )}
    </QueryStatus>
  );
}
