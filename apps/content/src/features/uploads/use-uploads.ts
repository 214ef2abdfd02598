import { useStore } from 'zustand';
import { type UploadState, uploadStore } from './upload-store';

export function useUploadState<T>(selector: (state: UploadState) => T): T {
  return useStore(uploadStore, selector);
}
