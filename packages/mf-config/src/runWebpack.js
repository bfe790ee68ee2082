// Runs a webpack build for a test and answers its stats: the plugins' tests build small fixtures
// for real, since what they add only shows in webpack's output.
const webpack = require('webpack');

/** @param {import('webpack').Configuration} config */
function runWebpack(config) {
  return new Promise((resolve, reject) => webpack(config).run((error, stats) => (error ? reject(error) : resolve(stats))));
}

module.exports = { runWebpack };
