import { ApiError, UploadTransportError } from '@shoal/core';
import { t } from '../../i18n';
import { SUPPORTED_EXTENSIONS } from './extensions';
import type { FailureReason } from './types';

/** product.md §5: the reasons an upload is refused. */
export type Denial = 'denied' | 'extension' | 'size' | 'network' | 'timeout';

export function denialMessage(denial: Denial): string {
  switch (denial) {
    case 'denied':
      return t('upload.denial.denied');
    case 'extension':
      return t('upload.denial.extension', { extensions: SUPPORTED_EXTENSIONS.join(', ') });
    case 'size':
      return t('upload.denial.size');
    case 'network':
      return t('upload.denial.network');
    case 'timeout':
      return t('upload.denial.timeout');
  }
}

function mentionsQuota(body: unknown): boolean {
  return JSON.stringify(body ?? '')
    .toLowerCase()
    .includes('quota');
}

/** What the user reads when sending a file failed. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadTransportError) return denialMessage(error.kind);
  if (error instanceof ApiError) {
    if (error.status === 413) return denialMessage('size');
    if (mentionsQuota(error.body)) return denialMessage('denied');
    if (error.status === null) return denialMessage('network');
    return error.messages.join(' ') || t('upload.failure.upload-failed');
  }
  return t('upload.failure.upload-failed');
}

/** calls.md §8.3: the failure codes' labels. */
export function failureLabel(reason: FailureReason): string {
  return t(`upload.failure.${reason}`);
}

/** ERR_CANCELED (an aborted request) is not an error (calls.md §7.8). */
export function isCancellation(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
