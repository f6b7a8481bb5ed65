/**
 * The page load's start-up milestones as User Timing marks, in order: the shell's first statement, its modules ready
 * (in the federated page, after the shared modules were agreed on and loaded), React asked to render, and the route's
 * first screen on the page. The browser's performance timeline (and any real-user monitoring reading it) then shows
 * where a load's time goes; the bench compares them with the single bundle's.
 */
export const STARTUP_MARKS = {
  start: 'weightwise:start',
  modules: 'weightwise:modules',
  render: 'weightwise:render',
  screen: 'weightwise:screen',
} as const;

export type StartupMark = keyof typeof STARTUP_MARKS;

/** Marks a milestone the first time this page reaches it; later screens and re-renders leave it as it was. */
export function markStartup(
  milestone: StartupMark,
  perf: Pick<Performance, 'mark' | 'getEntriesByName'> | undefined = globalThis.performance,
): void {
  const name = STARTUP_MARKS[milestone];
  try {
    if (perf && !perf.getEntriesByName(name, 'mark').length) perf.mark(name);
  } catch {
    // a browser without User Timing loads the page all the same
  }
}
