export * from './guards';
export * from './introspection-client';
export * from './internal-secret';
export * from './staff-session';
