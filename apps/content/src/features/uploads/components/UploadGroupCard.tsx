import { t } from '../../../i18n';
import { failureLabel } from '../denials';
import type { QueuedUpload, UploadGroup } from '../types';
import { canRetry, summarise } from '../upload-store';
import { useUploadState } from '../use-uploads';

function statusOf(upload: QueuedUpload): string {
  if (upload.failureReason) {
    const label = failureLabel(upload.failureReason);
    return upload.error && upload.error !== label ? `${label}: ${upload.error}` : label;
  }
  if (upload.importedAt !== undefined) {
    if (upload.importStatus === 'skipped') return t('upload.item.skipped');
    if (upload.importStatus === 'pending' || upload.importStatus === 'draft') return t('upload.item.pending');
    return t('upload.item.imported');
  }
  if (upload.guid) return t('upload.item.uploaded');
  if (upload.uploading) return t('upload.item.uploading', { progress: upload.progress });
  if (upload.metadata === undefined) return t('upload.item.parsing');
  return t('upload.item.waiting');
}

function UploadRow({ upload }: { upload: QueuedUpload }) {
  const retry = useUploadState((state) => state.retry);
  const cancel = useUploadState((state) => state.cancel);
  const remove = useUploadState((state) => state.remove);
  const name = upload.file.name;
  const failed = upload.failureReason !== undefined;
  const finished = upload.importedAt !== undefined;
  return (
    <li className={`content-upload${failed ? ' content-upload--failed' : ''}`}>
      <div className="content-upload__main">
        <span className="content-upload__name">{name}</span>
        {upload.metadata && (
          <span className="content-muted">
            {t('upload.item.tags', { title: upload.metadata.title, artist: upload.metadata.artist })}
          </span>
        )}
        <progress max={100} value={upload.progress} aria-label={t('upload.item.progress', { name })} />
        <span className="content-upload__status">{statusOf(upload)}</span>
      </div>
      <div className="content-actions">
        {canRetry(upload) && (
          <button type="button" className="ui-button ui-button--secondary" onClick={() => retry(upload.id)}>
            {t('upload.item.retry', { name })}
          </button>
        )}
        {!failed && !finished && (
          <button type="button" className="ui-button ui-button--secondary" onClick={() => cancel(upload.id)}>
            {t('upload.item.cancel', { name })}
          </button>
        )}
        {(failed || finished) && (
          <button type="button" className="ui-button ui-button--secondary" onClick={() => remove(upload.id)}>
            {t('upload.item.remove', { name })}
          </button>
        )}
      </div>
    </li>
  );
}

/** One upload group: overall progress, counts and its files (product.md §3, Upload group). */
export function UploadGroupCard({ group }: { group: UploadGroup }) {
  const cancelGroup = useUploadState((state) => state.cancelGroup);
  const retryGroup = useUploadState((state) => state.retryGroup);
  const summary = summarise(group);
  const titleId = `group-${group.guid}`;
  return (
    <section aria-labelledby={titleId} className="content-panel">
      <header className="content-header">
        <div>
          <h2 id={titleId}>{t('upload.group.title', { library: group.targetLibraryName })}</h2>
          <p className="content-muted">
            {t('upload.group.started', { date: new Date(group.createdAt).toLocaleString() })}
          </p>
        </div>
        <div className="content-actions">
          {summary.processing > 0 && (
            <button type="button" className="ui-button ui-button--secondary" onClick={() => cancelGroup(group.guid)}>
              {t('upload.group.cancel')}
            </button>
          )}
          {group.queue.some(canRetry) && (
            <button type="button" className="ui-button" onClick={() => retryGroup(group.guid)}>
              {t('upload.group.retry')}
            </button>
          )}
        </div>
      </header>
      <progress max={100} value={summary.progress} aria-label={t('upload.group.progress')} />
      <p role="status">
        {t('upload.group.counts', {
          imported: summary.imported,
          processing: summary.processing,
          failed: summary.failed,
          total: summary.total,
        })}
      </p>
      <ul className="content-uploads">
        {group.queue.map((upload) => (
          <UploadRow key={upload.id} upload={upload} />
        ))}
      </ul>
    </section>
  );
}
