/** How the shell names each micro-frontend when it has to talk about one (loading, errors). */
const LABELS: Record<string, string> = {
  listen: 'library',
  content: 'content',
  settings: 'settings',
  manage: 'administration',
};

export function remoteLabel(name: string): string {
  return LABELS[name] ?? name;
}
