import { ApiError } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { formatSize } from '@shoal/text';
import { ConfirmButton, ErrorPanel, Loading, NoResults } from '@shoal/ui';
import { t } from '../../../i18n';
import type { OwnUpload } from '../../common/types';
import { Pager } from '../../libraries/components/Pager';
import { LIBRARY_PAGE_SIZE, useDeleteUpload, useRestartImport, useUploads } from '../../libraries/queries';

function nameOf(upload: OwnUpload): string {
  return upload.filename || upload.track?.title || upload.uuid;
}

/** calls.md §8.3: import failures read invalid metadata or unknown error. */
function reasonOf(upload: OwnUpload): string | null {
  if (upload.import_status !== 'errored') return null;
  const code = upload.import_details?.error_code;
  return code === 'invalid_metadata' ? t('uploads.reason.invalidMetadata') : t('uploads.reason.unknown');
}

function reportFailure(error: unknown) {
  const detail = error instanceof ApiError ? error.messages.join(' ') : '';
  showMessage({ content: `${t('uploads.actionError')}${detail ? `: ${detail}` : ''}`, error: true });
}

export interface UploadsTableProps {
  filters: Record<string, string | undefined>;
  page: number;
  onPage: (page: number) => void;
  caption: string;
}

/** The owner's uploaded files with their import status, restart and delete (product.md §2, §4). */
export function UploadsTable({ filters, page, onPage, caption }: UploadsTableProps) {
  const uploads = useUploads({ ...filters, page });
  const restart = useRestartImport();
  const remove = useDeleteUpload();
  if (uploads.isPending) return <Loading label={t('common.loading')} />;
  if (uploads.isError) {
    return (
      <ErrorPanel title={t('common.loadError')} onRetry={() => uploads.refetch()} retryLabel={t('common.retry')}>
        {uploads.error.message}
      </ErrorPanel>
    );
  }
  if (uploads.data.results.length === 0) {
    return (
      <NoResults title={t('uploads.empty')} onRefresh={() => uploads.refetch()} refreshLabel={t('common.refresh')} />
    );
  }
  return (
    <>
      <div className="content-table-wrap">
        <table className="content-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('uploads.col.name')}</th>
              <th scope="col">{t('uploads.col.status')}</th>
              <th scope="col">{t('uploads.col.size')}</th>
              <th scope="col">{t('uploads.col.date')}</th>
              <th scope="col">{t('uploads.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {uploads.data.results.map((upload) => {
              const name = nameOf(upload);
              const reason = reasonOf(upload);
              return (
                <tr key={upload.uuid}>
                  <td>{name}</td>
                  <td>
                    {t(`uploads.status.${upload.import_status}`)}
                    {reason && <div className="content-muted">{t('uploads.reason', { reason })}</div>}
                  </td>
                  <td>{upload.size ? formatSize(upload.size) : '—'}</td>
                  <td>{new Date(upload.creation_date).toLocaleString()}</td>
                  <td className="content-actions">
                    {(upload.import_status === 'errored' || upload.import_status === 'skipped') && (
                      <button
                        type="button"
                        className="ui-button ui-button--secondary"
                        disabled={restart.isPending}
                        onClick={() => restart.mutate([upload.uuid], { onError: reportFailure })}
                      >
                        {t('uploads.restart', { name })}
                      </button>
                    )}
                    <ConfirmButton
                      title={t('uploads.delete.title')}
                      message={t('uploads.delete.text', { name })}
                      confirmLabel={t('common.delete')}
                      cancelLabel={t('common.cancel')}
                      closeLabel={t('common.close')}
                      onConfirm={() => remove.mutate(upload.uuid, { onError: reportFailure })}
                    >
                      {t('uploads.delete', { name })}
                    </ConfirmButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={page} count={uploads.data.count} pageSize={LIBRARY_PAGE_SIZE} onPage={onPage} />
    </>
  );
}
