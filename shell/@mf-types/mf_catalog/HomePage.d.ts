export * from './compiled-types/src/home/HomePage';
export { default } from './compiled-types/src/home/HomePage';
