export * from './drain';
export * from './serve';
