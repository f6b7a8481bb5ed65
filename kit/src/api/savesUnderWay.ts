const underWay = new Set<Promise<unknown>>();

/**
 * Marks a save made of several calls (Settings: the avatar, the profile, the goal) as one, so Log out lets the
 * whole of it land rather than only the call on its way when the button was pressed. Returns the same promise.
 */
export function trackSave<T>(work: Promise<T>): Promise<T> {
  underWay.add(work);
  const done = () => void underWay.delete(work);
  work.then(done, done);
  return work;
}

/** The saves marked with trackSave that have not settled yet. */
export function savesUnderWay(): Promise<unknown>[] {
  return [...underWay];
}
