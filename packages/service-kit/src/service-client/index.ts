export * from './http-request';
export * from './service-client';
