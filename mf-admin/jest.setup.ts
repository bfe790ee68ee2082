import { File as NodeFile } from 'node:buffer';
/**
 * Browser APIs that antd (and the charts' and editor's neighbours) expect and jsdom does not have.
 * Loaded before every test file (jest.config.cjs setupFiles).
 */
const VIEWPORT_WIDTH = 1280;
function viewportMatches(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || VIEWPORT_WIDTH >= Number(min[1])) && (!max || VIEWPORT_WIDTH <= Number(max[1]));
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      // A 1280 px wide desktop: min-width queries up to 1280 match, max-width ones below it do not.
      matches: viewportMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom's getComputedStyle cascades every stylesheet on the page, and antd's CSS-in-JS injects
// hundreds of rules: each accessibility query (getByRole checks visibility) then takes seconds.
// Screens are tested for content and behaviour, not layout, so the element's own inline style is
// enough (it still carries display:none for antd's hidden panels and the `hidden` attribute is
// honoured by testing-library itself). Pseudo elements are not implemented by jsdom either.
window.getComputedStyle = ((element: Element) => (element as HTMLElement).style) as typeof window.getComputedStyle;

// Downloads and image previews: object URLs are only handed to <a> and <img>.
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:http://localhost/test';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;

window.scrollTo = () => undefined;
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];

// @rc-component/form batches watchers with a MessageChannel macrotask; jsdom has none. A timer does
// the same job without holding Node's event loop open the way worker_threads' ports would.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown): void {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close(): void {}
    start(): void {}
    addEventListener(): void {}
    removeEventListener(): void {}
  }
  class MessageChannelStub {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  Object.defineProperty(globalThis, 'MessageChannel', { writable: true, configurable: true, value: MessageChannelStub });
}

// The test environment uses Node's fetch, Request and FormData (../jest.jsdom-env.cjs); Node's
// FormData only takes Node's own Blob/File, so files a test picks are Node Files too.
Object.defineProperty(globalThis, 'File', { writable: true, configurable: true, value: NodeFile });
