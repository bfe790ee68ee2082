export * from './http-request';
export * from './service-client';
export * from './catalog-lookup';
