export * from './compiled-types/src/auth/RegisterPage';
export { default } from './compiled-types/src/auth/RegisterPage';
