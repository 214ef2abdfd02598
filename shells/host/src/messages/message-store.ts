import type { InterfaceMessage } from '@shoal/messages';
import { createStore } from 'zustand';

/** calls.md §9.3: a message stays 5 s; at most 100 are kept. */
export const MESSAGE_DISPLAY_TIME = 5000;
export const MAX_MESSAGES = 100;

export type MessageColor = NonNullable<InterfaceMessage['color']>;

export interface ShownMessage {
  id: number;
  key: string | null;
  content: string;
  color: MessageColor;
  displayTime: number;
}

/** calls.md §8.2: the given colour, else red for an error or a text that mentions one, else blue. */
export function messageColor(message: InterfaceMessage): MessageColor {
  if (message.color) return message.color;
  if (message.error || /error/i.test(message.content)) return 'red';
  return 'blue';
}

export const messageStore = createStore<{ messages: ShownMessage[] }>(() => ({ messages: [] }));

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissMessage(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  messageStore.setState((state) => ({ messages: state.messages.filter((message) => message.id !== id) }));
}

export function addMessage(message: InterfaceMessage): ShownMessage {
  const shown: ShownMessage = {
    id: nextId++,
    key: message.key ?? null,
    content: message.content,
    color: messageColor(message),
    displayTime: message.displayTime ?? MESSAGE_DISPLAY_TIME,
  };
  const { messages } = messageStore.getState();
  const replaced = shown.key ? messages.filter((other) => other.key === shown.key) : [];
  for (const old of replaced) dismissMessage(old.id);
  let kept = [...messageStore.getState().messages, shown];
  // Over the limit, the oldest go first.
  while (kept.length > MAX_MESSAGES) {
    const oldest = kept[0];
    if (!oldest) break;
    clearTimeout(timers.get(oldest.id));
    timers.delete(oldest.id);
    kept = kept.slice(1);
  }
  messageStore.setState({ messages: kept });
  timers.set(
    shown.id,
    setTimeout(() => dismissMessage(shown.id), shown.displayTime),
  );
  return shown;
}
