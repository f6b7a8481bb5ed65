/** What chart.js's dataset controllers keep, as far as this patch reads it (internal, pinned with chart.js). */
interface ControllerInternals {
  _cachedDataOpts: Record<string, unknown>;
  _resolveAnimations: (index: number, transition: string, active: boolean) => unknown;
  chart: { config: { options: { animation?: unknown; animations?: unknown } } };
  getDataset(): { animation?: unknown; animations?: unknown };
}

/** Marks a dataset whose animation settings depend on the point. */
const PER_POINT = Symbol('per point');

type AnimationsResolver = ControllerInternals['_resolveAnimations'] & { sharedPerUpdate?: true };

/** Whether an animation setting holds a function a point's context would be passed to (`fn` is an easing, not one). */
function scripted(value: unknown, depth = 0): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object' || depth > 3) return false;
  return Object.entries(value).some(([key, v]) => key !== 'fn' && scripted(v, depth + 1));
}

/**
 * Resolves a dataset's animation settings once per update and transition instead of once per point. chart.js hands
 * each point's context to the resolver, which marks the result as not cacheable, so every update built a new set of
 * animations for every point of every line: with years of weights, half of an update's time. Settings given as
 * functions of a point (a delay per index) still resolve per point. Returns false when the controller's internals are
 * not the ones this was written for (a chart.js upgrade), leaving it as it is.
 */
export function shareAnimationsPerUpdate(controller: { prototype: object }): boolean {
  const proto = controller.prototype as Partial<ControllerInternals>;
  const resolve = proto._resolveAnimations as AnimationsResolver | undefined;
  if (typeof resolve !== 'function') return false;
  if (resolve.sharedPerUpdate) return true;
  const shared: AnimationsResolver = function (this: ControllerInternals, index, transition, active) {
    // emptied on every update (chart.js's configure), so each update reads the settings afresh
    const cache = this._cachedDataOpts;
    if (!cache) return resolve.call(this, index, transition, active);
    const key = `shared-animations-${transition}`;
    let found = cache[key];
    if (found === undefined) {
      const { options } = this.chart.config;
      const dataset = this.getDataset();
      const perPoint = [options.animation, options.animations, dataset.animation, dataset.animations].some((v) => scripted(v));
      found = cache[key] = perPoint ? PER_POINT : resolve.call(this, index, transition, active);
    }
    return found === PER_POINT ? resolve.call(this, index, transition, active) : found;
  };
  shared.sharedPerUpdate = true;
  proto._resolveAnimations = shared;
  return true;
}
