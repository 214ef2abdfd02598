import '../../playlists/playlists.css';
import { useSession } from '@shoal/core';
import { Link, useNavigate, useParams, useSearchParams } from '@shoal/router';
import { ConfirmButton, ErrorAlert } from '@shoal/ui';
import { t } from '../../../i18n/radios';
import { Pagination } from '../../browse/components/Pagination';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { filterText } from '../components/FilterSummary';
import { RadioButton } from '../components/RadioButton';
import { errorMessages } from '../error-messages';
import { useDeleteRadio, useRadio, useRadioTracks } from '../queries/radios';

const TRACKS_PAGE_SIZE = 25;

/** `/library/radios/:id`: a custom radio, its filters and the tracks it may play; its owner edits or deletes it. */
export default function RadioDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const radio = useRadio(id);
  const tracks = useRadioTracks(id, page, TRACKS_PAGE_SIZE);
  const username = useSession((state) => state.profile?.username ?? null);
  const remove = useDeleteRadio();
  const navigate = useNavigate();
  return (
    <QueryStatus query={radio} failedTitle={t('radios.detailFailed')}>
      {(data) => (
        <article aria-labelledby="radio-title">
          <header>
            <h1 id="radio-title">{data.name}</h1>
            <p className="listen-meta">
              {t('radios.by', { username: data.user.username })} ·{' '}
              {data.is_public ? t('radios.public') : t('radios.private')}
            </p>
            {data.description && <p>{data.description}</p>}
            <div className="listen-actions">
              <RadioButton
                variant="primary"
                config={{ type: 'custom', customRadioId: data.id }}
                label={t('radios.startNamed', { name: data.name })}
              />
              {username === data.user.username && (
                <>
                  <Link className="ui-button ui-button--secondary" to={`/library/radios/build/${data.id}`}>
                    {t('radios.edit')}
                  </Link>
                  <ConfirmButton
                    title={t('radios.deleteTitle', { name: data.name })}
                    message={<p>{t('radios.deleteMessage')}</p>}
                    confirmLabel={t('radios.delete')}
                    cancelLabel={t('radios.cancel')}
                    closeLabel={t('radios.close')}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(data.id, { onSuccess: () => navigate('/library/me/radios') })}
                  >
                    {t('radios.delete')}
                  </ConfirmButton>
                </>
              )}
            </div>
            {remove.isError && <ErrorAlert title={t('radios.deleteFailed')} messages={errorMessages(remove.error)} />}
          </header>
          <h2>{t('radios.filters')}</h2>
          <ul>
            {data.config.map((filter, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id; their order is stable here
              <li key={index}>{filterText(filter)}</li>
            ))}
          </ul>
          <h2>{t('radios.tracks')}</h2>
          <QueryStatus
            query={tracks}
            failedTitle={t('radios.detailFailed')}
            isEmpty={(result) => result.results.length === 0}
          >
            {(result) => (
              <>
                <TrackTable tracks={result.results} caption={t('radios.tracks')} />
                <Pagination
                  page={page}
                  pages={Math.max(1, Math.ceil(result.count / TRACKS_PAGE_SIZE))}
                  onChange={(next) => setParams({ page: String(next) })}
                />
              </>
            )}
          </QueryStatus>
        </article>
      )}
    </QueryStatus>
  );
}
