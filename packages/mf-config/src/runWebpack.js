// Runs a webpack build of a fixture for a test and answers its stats: the plugins' tests build
// small fixtures for real, since what they add only shows in webpack's output.
const path = require('node:path');
const webpack = require('webpack');

/**
 * Builds `dir` into `dir/dist` (development, no source maps) with what the test is about: its entry
 * and plugins, and anything else it names (a mode, an output's file names).
 * @param {string} dir
 * @param {import('webpack').Configuration} config
 */
function runWebpack(dir, config) {
  const { output, ...rest } = config;
  const full = { context: dir, mode: 'development', devtool: false, ...rest, output: { path: path.join(dir, 'dist'), ...output } };
  return new Promise((resolve, reject) => webpack(full).run((error, stats) => (error ? reject(error) : resolve(stats))));
}

module.exports = { runWebpack };
