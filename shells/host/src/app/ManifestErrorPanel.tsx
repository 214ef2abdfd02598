import { ErrorPanel } from '@shoal/ui';

export function ManifestErrorPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorPanel title="Shoal could not find its sections" onRetry={onRetry}>
      <p>The list of Shoal's sections did not load. Check your connection, then try again.</p>
    </ErrorPanel>
  );
}
