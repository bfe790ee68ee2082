// The shell's start-up chunks as <link rel="preload"> in index.html. Without them the browser
// finds each one only after the one before has run (main.js, then the bootstrap chunk, then the
// shared libraries it asks the federation runtime for): three round trips on a phone before
// anything can be drawn. With them, all of it downloads at once, beside main.js.
const HtmlWebpackPlugin = require('html-webpack-plugin');

class BootPreloadPlugin {
  /**
   * @param {object} options
   * @param {string[]} options.chunks names of the async chunks the first screen always needs
   */
  constructor({ chunks }) {
    this.chunks = new Set(chunks);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        const publicPath = data.publicPath;
        const files = [];
        for (const chunk of compilation.chunks) {
          if (!chunk.name || !this.chunks.has(chunk.name)) continue;
          for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.push(file);
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
            attributes: { rel: 'preload', href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' },
          })),
        );
        return data;
      });
    });
  }
}

module.exports = { BootPreloadPlugin };
