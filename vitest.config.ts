import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests run without Module Federation: they import the shared packages straight from the workspace.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'shells/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['./vitest.setup.ts'],
  },
});
