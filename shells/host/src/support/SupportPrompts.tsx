import {
  ApiError,
  apiRequest,
  type Profile,
  sessionStore,
  setProfile,
  UNKNOWN_ERROR_MESSAGE,
  useSession,
} from '@shoal/core';
import { createTranslator } from '@shoal/i18n';
import { ErrorAlert } from '@shoal/ui';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { fetchSupportSettings, type SupportSettings } from '../instance/instance-settings';
import { supportEnUS } from './en-US.support';
import './support.css';
import { isDue, nextDisplayDate, REMINDER_CHOICES, type ReminderChoice } from './support-dates';

const { t } = createTranslator(supportEnUS);

// The Markdown renderer is only fetched when the pod's own message is due.
const PodText = lazy(() => import('../routes/about/PodText').then((module) => ({ default: module.PodText })));

type DateField = 'funkwhale_support_message_display_date' | 'instance_support_message_display_date';

/** Stores the next display date through the profile, as the real API does (PATCH users/{username}/). */
async function remindLater(field: DateField, choice: ReminderChoice): Promise<void> {
  const profile = sessionStore.getState().profile;
  if (!profile) return;
  const date = nextDisplayDate(choice);
  await apiRequest(`users/${encodeURIComponent(profile.username)}/`, { method: 'PATCH', json: { [field]: date } });
  const current = sessionStore.getState().profile;
  if (current?.username === profile.username) setProfile({ ...current, [field]: date } as Profile);
}

function Prompt({ field, title, children }: { field: DateField; title: string; children: ReactNode }) {
  const headingId = useId();
  const selectId = useId();
  const [choice, setChoice] = useState<ReminderChoice>('30');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[] | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await remindLater(field, choice);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.messages : [UNKNOWN_ERROR_MESSAGE]);
      setBusy(false);
    }
  };
  return (
    <section className="host-support" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
      <form
        className="host-support__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={selectId}>{t('support.remind')}</label>{' '}
        <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value as ReminderChoice)}>
          {REMINDER_CHOICES.map((value) => (
            <option key={value} value={value}>
              {t(`support.remind.${value}`)}
            </option>
          ))}
        </select>{' '}
        <button type="submit" className="ui-button" disabled={busy}>
          {t('support.gotIt')}
        </button>
      </form>
      {error && <ErrorAlert title={t('support.saveFailed')} messages={error} />}
    </section>
  );
}

/**
 * The support prompts (product.md §1): "support the project" and "support this pod", each shown to a
 * signed-in user once its display date is reached, until they pick when to be reminded (30, 60 or
 * 90 days, or never).
 */
export default function SupportPrompts() {
  const profile = useSession((state) => state.profile);
  const [settings, setSettings] = useState<SupportSettings | null>(null);
  useEffect(() => {
    let current = true;
    fetchSupportSettings().then(
      (value) => current && setSettings(value),
      () => current && setSettings({ podMessage: null, projectMessageEnabled: false }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (!profile || !settings) return null;
  const project = settings.projectMessageEnabled && isDue(profile.funkwhale_support_message_display_date);
  const pod = settings.podMessage !== null && isDue(profile.instance_support_message_display_date);
  if (!project && !pod) return null;
  return (
    <div className="host-support-prompts">
      {project && (
        <Prompt field="funkwhale_support_message_display_date" title={t('support.project.title')}>
          <p>
            {t('support.project.text')}{' '}
            <a href="https://funkwhale.audio/support-us" target="_blank" rel="noopener noreferrer">
              {t('support.project.link')}
            </a>
          </p>
        </Prompt>
      )}
      {pod && settings.podMessage && (
        <Prompt field="instance_support_message_display_date" title={t('support.pod.title')}>
          <Suspense>
            <PodText source={settings.podMessage} empty="" />
          </Suspense>
        </Prompt>
      )}
    </div>
  );
}
