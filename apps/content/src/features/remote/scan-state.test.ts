import { describe, expect, it } from 'vitest';
import { scanState } from './scan-state';

describe('remote library scan states', () => {
  it('reads each state of product.md §4', () => {
    expect(scanState(null)).toEqual({ kind: 'never' });
    expect(scanState({ status: 'pending' })).toEqual({ kind: 'pending' });
    expect(scanState({ status: 'scanning', processed_files: 3, total_files: 9 })).toEqual({
      kind: 'scanning',
      processed: 3,
      total: 9,
    });
    expect(scanState({ status: 'finished', errored_files: 0 })).toEqual({ kind: 'scanned' });
    expect(scanState({ status: 'finished', errored_files: 2 })).toEqual({ kind: 'errored', count: 2 });
    expect(scanState({ status: 'errored' })).toEqual({ kind: 'problem' });
  });
});
