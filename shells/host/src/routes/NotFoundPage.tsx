import { NotFound } from '@shoal/ui';

export function NotFoundPage() {
  return <NotFound />;
}
