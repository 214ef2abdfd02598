// @ts-check
export { sharedSingletons } from './shared.js';
export { hostConfig, remoteConfig } from './vite-configs.js';
