export * from './compiled-types/src/widget/ChatWidget';
export { default } from './compiled-types/src/widget/ChatWidget';
