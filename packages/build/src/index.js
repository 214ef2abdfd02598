// @ts-check
export { sharedSingletons } from './shared.js';
export { embedConfig, hostConfig, remoteConfig } from './vite-configs.js';
