import { describe, expect, it, vi } from 'vitest';
import { publishLiveEvent, subscribeLiveEvent } from './live-events';

describe('live events', () => {
  it('delivers events by type and to wildcard subscribers until unsubscribed', () => {
    const added = vi.fn();
    const all = vi.fn();
    const stopAdded = subscribeLiveEvent('inbox.item_added', added);
    const stopAll = subscribeLiveEvent('*', all);
    publishLiveEvent({ type: 'inbox.item_added', item: { id: 1 } });
    publishLiveEvent({ type: 'report.created', unresolved_count: 3 });
    expect(added).toHaveBeenCalledTimes(1);
    expect(added).toHaveBeenCalledWith({ type: 'inbox.item_added', item: { id: 1 } });
    expect(all).toHaveBeenCalledTimes(2);
    stopAdded();
    stopAll();
    publishLiveEvent({ type: 'inbox.item_added' });
    expect(added).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledTimes(2);
  });

  it('keeps delivering when one handler throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const second = vi.fn();
    const stopFirst = subscribeLiveEvent('Listen', () => {
      throw new Error('broken');
    });
    const stopSecond = subscribeLiveEvent('Listen', second);
    publishLiveEvent({ type: 'Listen' });
    expect(second).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    stopFirst();
    stopSecond();
    error.mockRestore();
  });
});
