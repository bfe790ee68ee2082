// The shell's start-up chunks as <link rel="preload"> in index.html. Without them the browser
// finds each one only after the one before has run (main.js, then the bootstrap chunk, then the
// shared libraries it asks the federation runtime for): three round trips on a phone before
// anything can be drawn. With them, all of it downloads at once, beside main.js.
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The attribute that marks a language's preload (`data-shop-language="sw"`): the gateway keeps the
 * page's language's and drops the others (its withPageLanguage), so each page preloads its own
 * catalog and no other. @shop/api-types' LANGUAGE_ATTRIBUTE, spelled again because webpack loads
 * this file as plain JavaScript; the plugin's test reads its tags by the shared constant.
 */
const LANGUAGE_ATTRIBUTE = 'data-shop-language';

class BootPreloadPlugin {
  /**
   * @param {object} options
   * @param {string[]} options.chunks names of the async chunks the first screen always needs
   * @param {RegExp} [options.languageChunks] the start-up catalog chunks, one per language, their
   *   language the first group of their name (/^i18n-([a-z]+)$/): preloaded marked with it
   */
  constructor({ chunks, languageChunks }) {
    this.chunks = new Set(chunks);
    this.languageChunks = languageChunks;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const publicPath = data.publicPath;
        const files = [];
        /** @type {Map<string, string>} a language chunk's script and its language */
        const languageOf = new Map();
        for (const chunk of compilation.chunks) {
          const language = chunk.name && this.languageChunks?.exec(chunk.name)?.[1];
          if (!chunk.name || (!this.chunks.has(chunk.name) && !language)) continue;
          for (const file of chunk.files) {
            if (!/\.(js|css)$/.test(file)) continue;
            files.push(file);
            if (language) languageOf.set(file, language);
          }
        }
        // Scripts before stylesheets, each in a stable order, so the page only changes when a file does.
        files.sort((a, b) => Number(a.endsWith('.css')) - Number(b.endsWith('.css')) || a.localeCompare(b));
        for (const tag of data.headTags) {
          // The entry (main.js: the federation runtime) is needed before anything else.
          if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        }
        data.headTags.push(
          ...files.map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'BootPreloadPlugin' },
            attributes: {
              rel: 'preload',
              href: `${publicPath}${file}`,
              as: file.endsWith('.css') ? 'style' : 'script',
              ...(languageOf.has(file) ? { [LANGUAGE_ATTRIBUTE]: languageOf.get(file) } : {}),
            },
          })),
        );
        return data;
      });
    });
  }
}

module.exports = { BootPreloadPlugin };
