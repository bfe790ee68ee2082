// Imported first by each remote's src/server.tsx, before any module that refers to an image: webpack gives
// those their URLs when they load, from the public path set here (where the gateway serves this
// remote's files, handed to the renderer when the gateway loads it).
declare const __shopPublicPath: string;
declare let __webpack_public_path__: string;
// eslint-disable-next-line prefer-const -- webpack's free variable: assigning it is what sets the public path.
__webpack_public_path__ = typeof __shopPublicPath === 'string' ? __shopPublicPath : '/';
export {};
