// A part of a catalog file (mf-config's catalogLoader keeps the ids `?only=` names): the messages by id.
declare module '*/sw.json?only=common,cart,drawer,server.minimumOrder' {
  const messages: Record<string, string>;
  export default messages;
}
