export * from './compiled-types/src/AdminApp';
export { default } from './compiled-types/src/AdminApp';
