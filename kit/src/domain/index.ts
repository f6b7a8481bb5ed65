// Pure domain logic of the weight tracker: no React, no Redux, no clock reads except todayString's default.
export * from './constants';
export * from './units';
export * from './dates';
export * from './periods';
export * from './averages';
export * from './overview';
export * from './theme';
export * from './themeColors';
export * from './preferences';
export * from './chartAxis';
export * from './chartLabels';
export * from './validation';
export * from './trend';
export * from './forecast';
export * from './plausibility';
export * from './pendingEntries';
