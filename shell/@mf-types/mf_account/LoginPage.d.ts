export * from './compiled-types/src/auth/LoginPage';
export { default } from './compiled-types/src/auth/LoginPage';
