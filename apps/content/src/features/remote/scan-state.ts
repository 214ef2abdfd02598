import type { LibraryScan } from '../common/types';

/** product.md §4: pending, scanning with progress, scanned, scanned with errors, problem. */
export type ScanState =
  | { kind: 'never' }
  | { kind: 'pending' }
  | { kind: 'scanning'; processed: number; total: number }
  | { kind: 'scanned' }
  | { kind: 'errored'; count: number }
  | { kind: 'problem' };

export function scanState(scan: LibraryScan | null | undefined): ScanState {
  if (!scan?.status) return { kind: 'never' };
  switch (scan.status) {
    case 'pending':
      return { kind: 'pending' };
    case 'scanning':
      return { kind: 'scanning', processed: scan.processed_files ?? 0, total: scan.total_files ?? 0 };
    case 'finished':
      return (scan.errored_files ?? 0) > 0 ? { kind: 'errored', count: scan.errored_files ?? 0 } : { kind: 'scanned' };
    default:
      return { kind: 'problem' };
  }
}
