import { apiRequest } from '@shoal/core';

/** One entry of `instance/settings/` (calls.md §7.3). */
interface SettingEntry {
  section: string;
  name: string;
  value: unknown;
}

export interface SignupFormField {
  label: string;
  required: boolean;
  input_type: 'short_text' | 'long_text';
}

export interface SignupSettings {
  registrationEnabled: boolean;
  approvalRequired: boolean;
  helpText: string | null;
  fields: SignupFormField[];
}

function find(entries: SettingEntry[], section: string, name: string): unknown {
  return entries.find((entry) => entry.section === section && entry.name === name)?.value;
}

function parseFields(value: unknown): SignupFormField[] {
  const fields = (value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) => {
    const { label, required, input_type } = (field ?? {}) as Record<string, unknown>;
    if (typeof label !== 'string' || !label.trim()) return [];
    return [
      { label, required: Boolean(required), input_type: input_type === 'long_text' ? 'long_text' : 'short_text' },
    ];
  });
}

/** The sign-up rules of this pod: open or closed, moderated or not, and its own extra questions. */
export async function fetchSignupSettings(): Promise<SignupSettings> {
  const entries = await apiRequest<SettingEntry[]>('instance/settings/');
  const customization = find(entries, 'moderation', 'signup_form_customization');
  const helpText = (customization as { help_text?: { text?: unknown } } | null)?.help_text?.text;
  return {
    registrationEnabled: find(entries, 'users', 'registration_enabled') === true,
    approvalRequired: find(entries, 'moderation', 'signup_approval_enabled') === true,
    helpText: typeof helpText === 'string' && helpText.trim() ? helpText : null,
    fields: parseFields(customization),
  };
}

/** What the support prompts need from the pod's settings. */
export interface SupportSettings {
  /** The pod's own support message (Markdown), or null when it has none. */
  podMessage: string | null;
  projectMessageEnabled: boolean;
}

export async function fetchSupportSettings(): Promise<SupportSettings> {
  const entries = await apiRequest<SettingEntry[]>('instance/settings/');
  const message = find(entries, 'instance', 'support_message');
  return {
    podMessage: typeof message === 'string' && message.trim() ? message : null,
    projectMessageEnabled: find(entries, 'instance', 'funkwhale_support_message_enabled') === true,
  };
}
