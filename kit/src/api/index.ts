// The API client of @app/kit: one RTK Query slice shared by the shell and every remote.
export * from './types';
export * from './apiSlice';
export * from './errors';
export * from './session';
export { trackSave } from './savesUnderWay';
export { followConnection } from './connection';
export { followOtherTabs } from './otherTabs';
export { neverReadAhead, readAhead } from './readAhead';
export { setApiNavigator, type ApiNavigator, type ApiNavigateOptions } from './navigation';
export { API_BASE_URL, API_REDUCER_PATH, errorRedirectTarget, type ApiExtraOptions } from './baseQuery';
export { isTokenOf, tokenSubject } from './tokenClaims';
export { OFFLINE_USER_HEADER, OFFLINE_USER_STORAGE_KEY } from './offlineSession';
