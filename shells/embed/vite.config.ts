import { embedConfig } from '@shoal/build';
import { defineConfig } from 'vite';

export default defineConfig(() => embedConfig(import.meta.dirname));
