// Module types for what webpack (and jest's stubs) turn into URLs or class maps.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
/** A small image as a data URL in the chunk (see packages/mf-config: `?inline`). */
declare module '*.svg?inline' {
  const url: string;
  export default url;
}
