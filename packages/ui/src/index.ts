export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { Loading } from './Loading';
export { NotFound } from './NotFound';
