import { ApiError } from '@shoal/core';
import { Link, useNavigate, useSearchParams } from '@shoal/router';
import { formatSize } from '@shoal/text';
import { ErrorAlert, Loading } from '@shoal/ui';
import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { useMyChannels } from '../../channels/queries';
import { useMyLibraries } from '../../libraries/queries';
import { MB, useQuota } from '../../quota/queries';
import { DropZone } from '../components/DropZone';
import { SUPPORTED_EXTENSIONS } from '../extensions';
import { ServerImportSection } from '../server-import/ServerImportSection';
import { uploadStore } from '../upload-store';

/** `/upload`: choose a library or a channel, confirm, then drop or pick files (product.md §2, §5). */
export default function NewUploadPage() {
  const id = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const libraries = useMyLibraries();
  const channels = useMyChannels();
  const quota = useQuota();
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);

  if (libraries.isPending || channels.isPending) return <Loading label={t('common.loading')} />;
  const list = libraries.data?.results ?? [];
  const channelList = channels.data?.results ?? [];
  // The target is `?library=uuid` or `?channel=uuid`; a channel's uploads are public episodes or tracks.
  const channelUuid = params.get('channel');
  const channel = channelUuid ? (channelList.find((item) => item.uuid === channelUuid) ?? null) : null;
  const chosenUuid = channel ? '' : (params.get('library') ?? list[0]?.uuid ?? '');
  const library = channel ? null : (list.find((item) => item.uuid === chosenUuid) ?? null);
  const target = channel
    ? { uuid: channel.uuid, name: channel.artist.name, type: 'channel' as const }
    : library
      ? { uuid: library.uuid, name: library.name, type: 'library' as const }
      : null;
  const needsConfirmation = channel !== null || library?.privacy_level === 'everyone';
  const ready = target !== null && (!needsConfirmation || confirmed) && !starting;

  const start = async (files: File[]) => {
    if (!target) return;
    setErrors([]);
    setStarting(true);
    try {
      await uploadStore.getState().uploadFiles(target, files);
      navigate('/upload/running');
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : [String(error)]);
    } finally {
      setStarting(false);
    }
  };

  const status = quota.data;
  return (
    <div className="content-stack">
      <p>{t('upload.intro', { extensions: SUPPORTED_EXTENSIONS.join(', ') })}</p>
      {status && (
        <p>
          {typeof status.max === 'number' && status.max > 0
            ? t('upload.remaining', { remaining: formatSize((status.remaining ?? 0) * MB) })
            : t('upload.remaining.unlimited')}
        </p>
      )}
      {libraries.isError && <ErrorAlert title={t('common.loadError')} messages={[libraries.error.message]} />}
      {channels.isError && <ErrorAlert title={t('common.loadError')} messages={[channels.error.message]} />}
      {list.length === 0 && channelList.length === 0 && !libraries.isError ? (
        <p>
          {t('upload.library.none')} <Link to="/content/libraries/new">{t('upload.library.create')}</Link>
        </p>
      ) : (
        <>
          <div className="ui-field">
            <label htmlFor={`${id}-library`}>{t('upload.library')}</label>
            <select
              id={`${id}-library`}
              value={channel ? `channel:${channel.uuid}` : chosenUuid}
              onChange={(event) => {
                setConfirmed(false);
                const value = event.target.value;
                setParams(
                  value.startsWith('channel:') ? { channel: value.slice('channel:'.length) } : { library: value },
                  { replace: true },
                );
              }}
            >
              <optgroup label={t('upload.target.libraries')}>
                {list.map((item) => (
                  <option key={item.uuid} value={item.uuid}>
                    {item.name} ({t(`library.visibility.${item.privacy_level}`)})
                  </option>
                ))}
              </optgroup>
              {channelList.length > 0 && (
                <optgroup label={t('upload.target.channels')}>
                  {channelList.map((item) => (
                    <option key={item.uuid} value={`channel:${item.uuid}`}>
                      {t('upload.target.channel', { name: item.artist.name })}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </div>
          {needsConfirmation && (
            <div className="content-checkbox">
              <input
                id={`${id}-copyright`}
                type="checkbox"
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
              <label htmlFor={`${id}-copyright`}>{t('upload.copyright')}</label>
            </div>
          )}
          {needsConfirmation && !confirmed && <p className="content-muted">{t('upload.copyright.needed')}</p>}
          {errors.length > 0 && <ErrorAlert title={t('upload.groupError')} messages={errors} />}
          <DropZone disabled={!ready} onFiles={start} />
        </>
      )}
      <ServerImportSection libraries={list} />
    </div>
  );
}
