/** calls.md §9.3: the reminder delays a support prompt offers; `never` stores no date. */
export const REMINDER_CHOICES = ['30', '60', '90', 'never'] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next display date for a choice, as the profile stores it (ISO 8601), or null for never. */
export function nextDisplayDate(choice: ReminderChoice, now: Date = new Date()): string | null {
  if (choice === 'never') return null;
  return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
}

/** A prompt is due when its date is set and reached; a missing or unreadable date means never. */
export function isDue(date: string | null | undefined, now: Date = new Date()): boolean {
  if (!date) return false;
  const time = Date.parse(date);
  return !Number.isNaN(time) && time <= now.getTime();
}
