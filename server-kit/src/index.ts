export * from './drain';
export * from './serve';
export * from './within';
