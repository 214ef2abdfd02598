/** product.md §5: the file extensions an upload accepts. */
export const SUPPORTED_EXTENSIONS = ['flac', 'ogg', 'mp3', 'opus', 'aac', 'm4a', 'aiff', 'aif'] as const;

/** For the file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = SUPPORTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function hasSupportedExtension(name: string): boolean {
  return (SUPPORTED_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}
