/**
 * Interface messages (product.md §3, §4): any micro-frontend posts one, the host's toast list shows
 * it. They travel as a DOM event, so this package holds no state and need not be a shared singleton:
 * each build bundles these few lines, and the host is the only listener.
 */
export interface InterfaceMessage {
  content: string;
  /** How long it stays, in ms (calls.md §9.3: 5000 by default). */
  displayTime?: number;
  /** A message with the same key replaces the earlier one instead of stacking. */
  key?: string;
  error?: boolean;
  /** Overrides the colour rule (calls.md §8.2). */
  color?: 'red' | 'blue' | 'green' | 'orange';
}

const EVENT = 'shoal:message';

export function showMessage(message: InterfaceMessage): void {
  window.dispatchEvent(new CustomEvent<InterfaceMessage>(EVENT, { detail: message }));
}

export function onMessage(listener: (message: InterfaceMessage) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<InterfaceMessage>).detail);
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}
