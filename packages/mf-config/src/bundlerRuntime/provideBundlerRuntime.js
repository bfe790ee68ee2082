// The shell's half of one bundler runtime on the page (see remoteBundlerRuntime.js): a federation
// runtime plugin of the shell, so this module runs in the shell's entry, before any remote loads.
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { BUNDLER_RUNTIME_GLOBAL } from './global';

globalThis[BUNDLER_RUNTIME_GLOBAL] = { bundlerRuntime, attachShareScopeMap };

export default function provideBundlerRuntime() {
  return { name: 'shop-provide-bundler-runtime' };
}
