/** calls.md §8.3: why a queued upload stopped. */
export type FailureReason = 'upload-cancelled' | 'missing-tags' | 'import-failed' | 'upload-failed';

/** The pod's import status of an upload (product.md §4). */
export type ImportStatus = 'draft' | 'pending' | 'finished' | 'errored' | 'skipped';

/** The tags read from the file before upload (product.md §3, Queued upload). */
export interface UploadMetadata {
  title: string;
  artist: string;
  album: string;
  coverUrl?: string;
}

/** One file of an upload group, from pick to import (product.md §3, §4). */
export interface QueuedUpload {
  /** Local id, 21 characters (calls.md §7.8). */
  id: string;
  file: File;
  /** 0 to 100. */
  progress: number;
  /** `undefined` while the tags are being read, `null` when they could not be. */
  metadata: UploadMetadata | null | undefined;
  /** The pod's upload uuid, stored once the file is sent. */
  guid?: string;
  /** A send started and got no answer: the pod may hold the file already (looked up before sending again). */
  sentBefore?: boolean;
  uploading: boolean;
  error?: string;
  failureReason?: FailureReason;
  /** Set by `import.status_updated` for any status but errored. */
  importedAt?: string;
  importStatus?: ImportStatus;
  /** Refused before sending (unsupported file type): retrying cannot help. */
  rejected?: boolean;
}

/** product.md §3, Upload group: where a batch of files goes and how it is doing. */
export interface UploadGroup {
  guid: string;
  /** A library, or a channel (whose own library takes the upload; product.md §2, publishing). */
  type: 'library' | 'channel';
  targetLibraryGuid: string;
  targetLibraryName: string;
  uploadUrl: string;
  createdAt: string;
  queue: QueuedUpload[];
}

/** What `POST /api/v2/upload-groups` answers (calls.md §7.8): the fields read. */
export interface UploadGroupResponse {
  guid: string;
  uploadUrl: string;
  createdAt?: string;
}
