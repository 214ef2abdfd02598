import { onMessage } from '@shoal/messages';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { t } from '../i18n';
import { addMessage, dismissMessage, messageStore } from './message-store';

/** The host's list of interface messages; any micro-frontend posts to it through @shoal/messages. */
export function MessageToasts() {
  const messages = useStore(messageStore, (state) => state.messages);
  useEffect(() => onMessage(addMessage), []);
  return (
    <section aria-label={t('messages.region')}>
      {/* Each message is its own live region (alert for errors, status otherwise): read out without taking focus. */}
      <div className="ui-toasts">
        {messages.map((message) => (
          <div
            key={message.id}
            className={`ui-toast ui-toast--${message.color}`}
            role={message.color === 'red' ? 'alert' : 'status'}
          >
            <p>{message.content}</p>
            <button
              type="button"
              className="ui-modal__close"
              aria-label={t('messages.dismiss')}
              onClick={() => dismissMessage(message.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
