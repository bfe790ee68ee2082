// Compiles a remote's message catalog (src/i18n/locales/<language>.json: ICU MessageFormat strings
// by id, what translators edit) into Lingui's compiled form at build time, so the browser and the
// first-screen renderers ship no message parser: @lingui/core leaves its compiler out of production
// builds and formats only compiled messages. Jest imports the JSON as it is (Lingui compiles it at
// run time outside production).
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/**
 * The English catalog's server messages (`server.*`): the storefront shows a server's message in
 * English as the server sent it, word for word (store-kit's translateServerMessage), so these ids are
 * never looked up in English; they are in en.json as the source translators work from and to type
 * the rules. Left out of the build: 0.5 KB less on every checkout page (71 messages).
 */
const SERVER_MESSAGE_ID = /^server\./;
const isEnglishCatalog = (resourcePath) => /[\\/]en\.json$/.test(resourcePath);

/**
 * A part of a catalog, for a page that shows a few of its app's strings (the cart of the checkout's):
 * `import('./locales/sw.json?only=common,cart,server.minimumOrder')` keeps the ids of those areas
 * ('cart.title') and those single ids, so the part's chunk carries only them. Translators still
 * edit one file per language. Undefined: the whole catalog.
 */
function partFilter(resourceQuery) {
  const only = new URLSearchParams(resourceQuery ?? '').get('only');
  if (only === null) return undefined;
  const names = only.split(',').filter(Boolean);
  return (id) => names.some((name) => id === name || id.startsWith(`${name}.`));
}

/** @param {string} source the catalog's JSON text */
module.exports = function catalogLoader(source) {
  const messages = JSON.parse(source);
  const english = isEnglishCatalog(this.resourcePath);
  const inPart = partFilter(this.resourceQuery);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: the message "${id}" is not a string`);
    if (english && SERVER_MESSAGE_ID.test(id)) continue;
    if (inPart && !inPart(id)) continue;
    compiled[id] = compileMessage(message);
  }
  return `export default ${JSON.stringify(compiled)};`;
};

/** Which files are catalogs: JSON under a locales folder. */
module.exports.CATALOG_FILES = /[\\/]locales[\\/][\w-]+\.json$/;
