// The public surface of @app/kit, shared as one singleton instance by the shell and every remote.
// first: zod set up for the page before any schema parses
import './zodConfig';
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
export * from './ui/Logo';
export * from './hooks/usePeriodRange';
export * from './hooks/useColorScheme';
export * from './hooks/useDocumentTitle';
export * from './brand';
export * from './ui/ShowTrendToggle';
