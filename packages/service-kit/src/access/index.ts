export * from './access-routes';
export * from './caller-guards';
