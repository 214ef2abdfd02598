import { remoteConfig } from '@shoal/build';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) =>
  remoteConfig(import.meta.dirname, mode, {
    name: 'listen',
    exposes: { './App': './src/App.tsx' },
    // What the first visit to /library runs: the app's catalogue and translator, the library page
    // and the small list helpers it imports (not the home's sections below the first screen).
    firstScreen:
      /apps[\\/]listen[\\/]src[\\/](App\.tsx|i18n[\\/](index|en-US|en-US\.content-filters)\.ts|features[\\/](library[\\/](?!components[\\/]LibraryHomeActivity)|catalogue[\\/](components[\\/]QueryStatus|credits|query-keys)|content-filters[\\/]queries|favorites[\\/]optimistic-toggle))|packages[\\/](i18n|ui|text)[\\/]src[\\/](translator|index|Loading|ErrorPanel|NoResults)/,
  }),
);
