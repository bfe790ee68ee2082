export * from './compiled-types/src/failed/FailedPage';
export { default } from './compiled-types/src/failed/FailedPage';
