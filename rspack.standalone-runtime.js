// A remote's standalone page (its own index.html, run without the shell) has no host to lend it the federation
// runtime its build leaves out, so this small entry provides one first. The request path differs from the one the
// remotes externalize, so the runtime is bundled here rather than looked up.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
