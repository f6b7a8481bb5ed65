import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker object returned instead of a module when a remote cannot be loaded. */
export interface RemoteUnavailable {
  __remoteUnavailable: true;
  id: string;
  error: string;
}

export function isRemoteUnavailable(value: unknown): value is RemoteUnavailable {
  return typeof value === 'object' && value !== null && (value as RemoteUnavailable).__remoteUnavailable === true;
}

/**
 * A remote that is down or badly deployed must break only its own route. Without this hook the
 * runtime rejects, and a rejected route import leaves an empty outlet with no error boundary.
 * It must not import React: runtime plugins load before shared modules are negotiated.
 */
export default function errorLoadRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-error-load-remote',
    errorLoadRemote({ id, error }) {
      console.warn(`[shell] remote ${id} is unavailable:`, error instanceof Error ? error.message : error);
      const fallback: RemoteUnavailable = {
        __remoteUnavailable: true,
        id,
        error: error instanceof Error ? error.message : String(error),
      };
      return fallback;
    },
  };
}
