export * from './drain';
export * from './pipeline';
export * from './serve';
export * from './within';
export * from './proxyTrust';
