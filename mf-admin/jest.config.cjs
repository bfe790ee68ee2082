const path = require('node:path');

const base = require('../jest.base.cjs')('jsdom');

module.exports = require('../jest.base.cjs')('jsdom', {
  // antd needs matchMedia, ResizeObserver and friends that jsdom lacks.
  setupFiles: [path.join(__dirname, 'jest.setup.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.after-env.ts')],
  // antd screens in jsdom are heavy; a busy CI machine with two cores needs the room.
  testTimeout: 20000,
  // Some of antd's dependencies ship ES modules only (e.g. @ant-design/colors/es): compile them too.
  transformIgnorePatterns: ['/node_modules/(?!(@ant-design|@rc-component|rc-[\\w-]+|@babel/runtime)/)'],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The same single immutable copy as the webpack build (see webpack.config.js).
    '^immutable$': path.dirname(require.resolve('immutable/package.json')),
    // antd's ES module parts (a locale) as their CommonJS twins, as the rest of antd loads here.
    '^antd/es/(.*)$': 'antd/lib/$1',
  },
});
