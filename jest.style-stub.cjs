// CSS modules in tests: class names come back as their own keys so screens can be queried.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : String(key)) });
