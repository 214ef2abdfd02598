import { ApiError } from '@shoal/core';
import { Link, useNavigate, useSearchParams } from '@shoal/router';
import { formatSize } from '@shoal/text';
import { ErrorAlert, Loading } from '@shoal/ui';
import { useId, useState } from 'react';
import { t } from '../../../i18n';
import { useMyLibraries } from '../../libraries/queries';
import { MB, useQuota } from '../../quota/queries';
import { DropZone } from '../components/DropZone';
import { SUPPORTED_EXTENSIONS } from '../extensions';
import { uploadStore } from '../upload-store';

/** `/upload`: choose a library, confirm, then drop or pick files (product.md §2, §5). */
export default function NewUploadPage() {
  const id = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const libraries = useMyLibraries();
  const quota = useQuota();
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);

  if (libraries.isPending) return <Loading label={t('common.loading')} />;
  const list = libraries.data?.results ?? [];
  const chosenUuid = params.get('library') ?? list[0]?.uuid ?? '';
  const library = list.find((item) => item.uuid === chosenUuid) ?? null;
  const needsConfirmation = library?.privacy_level === 'everyone';
  const ready = library !== null && (!needsConfirmation || confirmed) && !starting;

  const start = async (files: File[]) => {
    if (!library) return;
    setErrors([]);
    setStarting(true);
    try {
      await uploadStore.getState().uploadFiles({ uuid: library.uuid, name: library.name }, files);
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
      {list.length === 0 && !libraries.isError ? (
        <p>
          {t('upload.library.none')} <Link to="/content/libraries/new">{t('upload.library.create')}</Link>
        </p>
      ) : (
        <>
          <div className="ui-field">
            <label htmlFor={`${id}-library`}>{t('upload.library')}</label>
            <select
              id={`${id}-library`}
              value={chosenUuid}
              onChange={(event) => {
                setConfirmed(false);
                setParams({ library: event.target.value }, { replace: true });
              }}
            >
              {list.map((item) => (
                <option key={item.uuid} value={item.uuid}>
                  {item.name} ({t(`library.visibility.${item.privacy_level}`)})
                </option>
              ))}
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
      <section aria-labelledby={`${id}-server`} className="content-panel">
        <h2 id={`${id}-server`}>{t('upload.serverImport.title')}</h2>
        <p>{t('upload.serverImport.text')}</p>
      </section>
    </div>
  );
}
