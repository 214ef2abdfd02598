export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorAlert } from './ErrorAlert';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel';
export { Loading } from './Loading';
export { NotFound } from './NotFound';
export { TextField, type TextFieldProps } from './TextField';
