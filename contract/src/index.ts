// The wire between the client and the API. Both import these schemas: the API validates requests and builds its
// OpenAPI document from them, the client infers its types and checks its forms with the same rules.
export * from './units';
export * from './display';
export * from './limits';
export * from './text';
export * from './dates';
export * from './fields';
export * from './errors';
export * from './users';
export * from './auth';
export * from './weights';
export * from './goals';
export * from './tokens';
export * from './account';
export * from './imports';
export * from './calendar';
export * from './trend';
export * from './forecast';
export * from './reminders';
