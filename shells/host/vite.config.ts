import { hostConfig } from '@shoal/build';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => hostConfig(import.meta.dirname, mode));
