import { ApiError, apiRequest, apiUpload } from '@shoal/core';
import type { QueuedUpload, UploadGroup, UploadGroupResponse } from './types';

/** calls.md §7.8: a new group, no payload. */
export function createUploadGroup(): Promise<UploadGroupResponse> {
  return apiRequest<UploadGroupResponse>('upload-groups', { method: 'POST' });
}

/** A group's `uploadUrl` may be absolute or a path on the pod. */
function absolute(url: string): string {
  return new URL(url, window.location.href).toString();
}

/** calls.md §7.8: one multipart POST per file with metadata, target and audioFile; reads guid. */
export async function sendUpload(
  group: UploadGroup,
  upload: QueuedUpload,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const metadata = upload.metadata;
  const form = new FormData();
  form.append(
    'metadata',
    JSON.stringify({
      title: metadata?.title ?? '',
      album: { name: metadata?.album ?? '' },
      artist: { name: metadata?.artist ?? '' },
    }),
  );
  form.append('target', JSON.stringify({ [group.type]: group.targetLibraryGuid }));
  form.append('audioFile', upload.file, upload.file.name);
  const body = await apiUpload<{ guid?: unknown }>(absolute(group.uploadUrl), form, { onProgress, signal });
  if (typeof body?.guid !== 'string') throw new ApiError(null, ['The pod did not name the upload.'], body);
  return body.guid;
}

/** One upload's import status, read when live events may have been missed. */
export function fetchImport(guid: string): Promise<{ import_status: string; import_date?: string | null }> {
  return apiRequest(`uploads/${encodeURIComponent(guid)}/`);
}

/**
 * The upload the pod already holds for this file of the group, when an earlier send lost its answer
 * (connection cut after the pod stored it): same group (`import_reference`), file name and size, and
 * not already another file's. Sending again would make a second copy.
 */
export async function findSentUpload(group: UploadGroup, upload: QueuedUpload): Promise<string | null> {
  const page = await apiRequest<{ results: { uuid: string; filename?: string | null; size?: number | null }[] }>(
    'uploads/',
    { query: { import_reference: group.guid, page_size: 100 } },
  );
  const taken = new Set(group.queue.map((item) => item.guid).filter(Boolean));
  const match = page.results.find(
    (item) =>
      item.filename === upload.file.name &&
      (item.size === null || item.size === undefined || item.size === upload.file.size) &&
      !taken.has(item.uuid),
  );
  return match?.uuid ?? null;
}
