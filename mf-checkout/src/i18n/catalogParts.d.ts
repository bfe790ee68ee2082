// A part of a catalog file (mf-config's catalogLoader keeps the ids `?only=` names): the messages by
// id. Each part's file types them with CatalogPart; parts.test.ts checks each is declared here.
declare module '*/en.json?only=common,cart,drawer,server.minimumOrder' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*/sw.json?only=common,cart,drawer,server.minimumOrder' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*/en.json?only=common,checkout,fields,errors,coupon,points,summary,payment,progress,server' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*/sw.json?only=common,checkout,fields,errors,coupon,points,summary,payment,progress,server' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*/en.json?only=common,success,failed,server' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*/sw.json?only=common,success,failed,server' {
  const messages: Record<string, string>;
  export default messages;
}
