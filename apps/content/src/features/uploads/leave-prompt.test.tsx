import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUploadPath, useLeavePrompt } from './leave-prompt';
import type { UploadGroup } from './types';
import { uploadStore } from './upload-store';

function Probe({ confirm }: { confirm: (message: string) => boolean }) {
  useLeavePrompt(confirm);
  return (
    <>
      <a href="/library">Library</a>
      <a href="/upload/history">History</a>
    </>
  );
}

const busyGroup: UploadGroup = {
  guid: 'g',
  type: 'library',
  targetLibraryGuid: 'l',
  targetLibraryName: 'L',
  uploadUrl: '/u',
  createdAt: '',
  queue: [{ id: 'x'.repeat(21), file: new File(['a'], 'a.mp3'), progress: 10, metadata: undefined, uploading: true }],
};

describe('the leave-page prompt', () => {
  afterEach(() => uploadStore.setState({ groups: [] }));

  it('asks before following a link out of the upload screens while a file is in progress', () => {
    const confirm = vi.fn(() => false);
    const { getByText } = render(<Probe confirm={confirm} />);
    const click = (text: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      let prevented: boolean | null = null;
      // Records the prompt's verdict, then stops jsdom from trying to navigate.
      const record = (seen: Event) => {
        prevented = seen.defaultPrevented;
        seen.preventDefault();
      };
      window.addEventListener('click', record);
      act(() => {
        getByText(text).dispatchEvent(event);
      });
      window.removeEventListener('click', record);
      // When the prompt stopped the click, the recorder never saw it.
      return { defaultPrevented: prevented ?? event.defaultPrevented };
    };
    expect(click('Library').defaultPrevented).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
    uploadStore.setState({ groups: [busyGroup] });
    expect(click('History').defaultPrevented).toBe(false);
    expect(click('Library').defaultPrevented).toBe(true);
    expect(confirm).toHaveBeenCalledWith('The upload is still in progress. Are you sure you want to leave?');
  });

  it('asks the browser before unloading while a file is in progress', () => {
    render(<Probe confirm={() => true} />);
    uploadStore.setState({ groups: [busyGroup] });
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('knows the upload screens', () => {
    expect(isUploadPath('/upload')).toBe(true);
    expect(isUploadPath('/upload/running')).toBe(true);
    expect(isUploadPath('/uploads')).toBe(false);
  });
});
