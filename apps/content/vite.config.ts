import { remoteConfig } from '@shoal/build';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) =>
  remoteConfig(import.meta.dirname, mode, { name: 'content', exposes: { './App': './src/App.tsx' } }),
);
