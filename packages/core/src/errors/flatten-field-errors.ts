/**
 * Turns a pod's validation errors into readable lines (calls.md §8.1): keys lose their underscores
 * and gain a capital, nested objects prefix their parent's label and a dash, `{code}` items read as
 * their code, and a message that only says "this field" is prefixed with the field's label.
 */
export function flattenFieldErrors(payload: unknown, parentLabel?: string): string[] {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
    const label = fieldLabel(key, parentLabel);
    if (typeof value === 'string') {
      lines.push(withLabel(value, label));
    } else if (Array.isArray(value)) {
      for (const item of value) {
        const message = arrayItemMessage(item);
        if (message) lines.push(withLabel(message, label));
      }
    } else if (value && typeof value === 'object') {
      lines.push(...flattenFieldErrors(value, label));
    }
  }
  return lines;
}

function fieldLabel(key: string, parentLabel: string | undefined): string {
  const spaced = key.replaceAll('_', ' ');
  const label = spaced.charAt(0).toUpperCase() + spaced.slice(1);
  return parentLabel ? `${parentLabel} - ${label}` : label;
}

function arrayItemMessage(item: unknown): string | null {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object') {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string') return code.replaceAll('_', ' ');
  }
  return null;
}

function withLabel(message: string, label: string): string {
  return message.toLowerCase().includes('this field') ? `${label}: ${message}` : message;
}
