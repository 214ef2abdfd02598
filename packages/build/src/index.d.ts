import type { UserConfig } from 'vite';

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
}
export declare const sharedSingletons: Record<string, SharedSingleton>;

export interface RemoteBuildOptions {
  name: 'listen' | 'content' | 'settings' | 'manage';
  exposes: Record<string, string>;
  /** The remote's own modules its first screen always needs, grouped into one chunk. */
  firstScreen?: RegExp;
}
export declare function hostConfig(root: string, mode: string): UserConfig;
export declare function embedConfig(root: string): UserConfig;
export declare function remoteConfig(root: string, mode: string, options: RemoteBuildOptions): UserConfig;
