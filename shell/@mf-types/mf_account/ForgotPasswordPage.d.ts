export * from './compiled-types/src/auth/ForgotPasswordPage';
export { default } from './compiled-types/src/auth/ForgotPasswordPage';
