/** calls.md §9.3: UUID routes match the 8-4-4-4-12 hex pattern. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | undefined): value is string => Boolean(value && UUID_PATTERN.test(value));
