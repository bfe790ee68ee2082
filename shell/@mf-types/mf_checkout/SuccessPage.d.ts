export * from './compiled-types/src/success/SuccessPage';
export { default } from './compiled-types/src/success/SuccessPage';
