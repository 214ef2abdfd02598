import { useStore } from 'zustand';
import { type InstanceState, instanceStore } from './instance-store';

export function useInstance<T>(selector: (state: InstanceState) => T): T {
  return useStore(instanceStore, selector);
}
