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

/** @param {string} source the catalog's JSON text */
module.exports = function catalogLoader(source) {
  const messages = JSON.parse(source);
  const english = isEnglishCatalog(this.resourcePath);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: the message "${id}" is not a string`);
    if (english && SERVER_MESSAGE_ID.test(id)) continue;
    compiled[id] = compileMessage(message);
  }
  return `export default ${JSON.stringify(compiled)};`;
};

/** Which files are catalogs: JSON under a locales folder. */
module.exports.CATALOG_FILES = /[\\/]locales[\\/][\w-]+\.json$/;
