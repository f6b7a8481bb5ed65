// The public surface of @app/kit, shared as one singleton instance by the shell and every remote.
export * from './domain';
export * from './state/types';
export * from './state/storage';
export * from './state/authSlice';
export * from './state/preferencesSlice';
export * from './state/entryDialogSlice';
export * from './state/toastSlice';
export * from './state/store';
export * from './api';
export * from './federation/contracts';
export * from './federation/StandaloneHost';
export * from './ui/Field';
export * from './hooks/usePeriodRange';
export * from './brand';
export * from './ui/ShowTrendToggle';
