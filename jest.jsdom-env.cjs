// jsdom has no fetch. The storefront's data layer (RTK Query) uses the platform's fetch, Request,
// Response and streams, so screens are tested against Node's real implementations of them.
const { TestEnvironment } = require('jest-environment-jsdom');
const withTimeZone = require('./jest.time-zone.cjs');

class JsdomWithFetch extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
      'BroadcastChannel',
      'TransformStream',
      'WritableStream',
      'Blob',
    ]) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

// A file may also run in another time zone (jest.time-zone.cjs).
module.exports = withTimeZone(JsdomWithFetch);
