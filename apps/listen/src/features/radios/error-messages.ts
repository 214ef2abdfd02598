/** The pod's messages carried by a failed call (ApiError.messages), else the error's own text. */
export function errorMessages(error: unknown): string[] {
  if (!error) return [];
  const messages = (error as { messages?: unknown }).messages;
  if (Array.isArray(messages)) return messages.filter((item): item is string => typeof item === 'string');
  return error instanceof Error ? [error.message] : [];
}
