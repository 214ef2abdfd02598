import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addMessage, MAX_MESSAGES, messageColor, messageStore } from './message-store';

beforeEach(() => {
  vi.useFakeTimers();
  messageStore.setState({ messages: [] });
});
afterEach(() => vi.useRealTimers());

describe('interface messages', () => {
  it('follow the colour rule', () => {
    expect(messageColor({ content: 'Saved', color: 'green' })).toBe('green');
    expect(messageColor({ content: 'Saved', error: true })).toBe('red');
    expect(messageColor({ content: 'An Error happened' })).toBe('red');
    expect(messageColor({ content: 'Saved' })).toBe('blue');
    expect(messageColor({ content: 'Error', color: 'orange' })).toBe('orange');
  });

  it('go away after 5 seconds, or their own display time', () => {
    addMessage({ content: 'one' });
    addMessage({ content: 'two', displayTime: 10_000 });
    vi.advanceTimersByTime(4999);
    expect(messageStore.getState().messages).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(messageStore.getState().messages.map((message) => message.content)).toEqual(['two']);
    vi.advanceTimersByTime(5000);
    expect(messageStore.getState().messages).toEqual([]);
  });

  it('keep at most 100, dropping the oldest', () => {
    for (let index = 0; index < MAX_MESSAGES + 5; index += 1) addMessage({ content: `m${index}` });
    const messages = messageStore.getState().messages;
    expect(messages).toHaveLength(MAX_MESSAGES);
    expect(messages[0]?.content).toBe('m5');
  });

  it('replace a message with the same key', () => {
    addMessage({ content: 'Following…', key: 'follow' });
    addMessage({ content: 'Followed', key: 'follow' });
    expect(messageStore.getState().messages.map((message) => message.content)).toEqual(['Followed']);
  });
});
