export * from './compiled-types/src/page/ChatPage';
export { default } from './compiled-types/src/page/ChatPage';
