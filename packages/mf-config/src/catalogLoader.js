// Compiles a remote's message catalog (src/i18n/locales/<language>.json: ICU MessageFormat strings
// by id, what translators edit) into Lingui's compiled form at build time, so the browser and the
// first-screen renderers ship no message parser: @lingui/core leaves its compiler out of production
// builds and formats only compiled messages. Jest imports the JSON as it is (Lingui compiles it at
// run time outside production).
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/** @param {string} source the catalog's JSON text */
module.exports = function catalogLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: the message "${id}" is not a string`);
    compiled[id] = compileMessage(message);
  }
  return `export default ${JSON.stringify(compiled)};`;
};

/** Which files are catalogs: JSON under a locales folder. */
module.exports.CATALOG_FILES = /[\\/]locales[\\/][\w-]+\.json$/;
