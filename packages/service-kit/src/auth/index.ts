export * from './guards';
export * from './introspection-client';
export * from './internal-secret';
