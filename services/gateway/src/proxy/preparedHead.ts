import http, { type ServerResponse } from 'node:http';

/**
 * Node's own store of the headers set on a response (`res.setHeader` fills it): an object of
 * `lower-case name -> [name, value]`, kept under a symbol Node does not export. writeHead sends
 * what it holds as it is, without checking each name and value again: setHeader checked them as
 * they went in. Found once, by its description, and used only if it behaves as described (a
 * probe below); otherwise every answer takes writeHead's public list form.
 */
const outHeaders: symbol | null = (() => {
  const probe = new http.OutgoingMessage();
  probe.setHeader('X-Probe', 'yes');
  const symbol = Object.getOwnPropertySymbols(probe).find((candidate) => candidate.description === 'kOutHeaders');
  if (!symbol) return null;
  const store = (probe as unknown as Record<symbol, unknown>)[symbol] as Record<string, unknown> | null;
  const entry = store?.['x-probe'];
  return Array.isArray(entry) && entry[0] === 'X-Probe' && entry[1] === 'yes' ? symbol : null;
})();

/** Whether prepared heads skip writeHead's checks on this Node (see outHeaders); false, they still answer the same bytes. */
export const headsSkipChecks = outHeaders !== null;

/**
 * The head of an answer sent many times: the same headers in the same order, but for the first
 * two values (`age` and `x-request-id` on the cache's answers), which change with every answer.
 * Node checks every header name and value on each writeHead (two regular expressions over each
 * one, about a fifth of a cached read's CPU with the gateway's seventeen headers); here they are
 * checked once, when the head is made, with Node's own checks, and each answer only fills in the
 * two values it makes itself. Node still writes the head (status line, Date, Connection,
 * Keep-Alive, and what it learns from Content-Length), so the bytes are those of writeHead.
 */
export interface PreparedHead {
  write(res: ServerResponse, status: number, first: string, second: string): void;
}

/** `list`: [name, value, ...] as writeHead takes it; the first two values are placeholders. Throws as writeHead would on a bad name or value. */
export function preparedHead(list: readonly string[]): PreparedHead {
  if (list.length < 4 || list.length % 2 !== 0) throw new Error('A prepared head needs at least two headers, as name and value pairs.');
  // An ordinary object, not Object.create(null): V8 keeps an object without a prototype in
  // dictionary mode, and writeHead's for-in over a dictionary sorts its keys anew on every answer
  // (callgrind: 7,200 instructions of a cached read, 8 %); an ordinary object's keys are listed once and
  // reused. A name Object.prototype also has (`constructor`) would clash: such a head takes the
  // list form.
  const store: Record<string, [string, string]> = {};
  let clashes = false;
  for (let n = 0; n < list.length; n += 2) {
    const name = list[n]!;
    const value = list[n + 1]!;
    http.validateHeaderName(name);
    // The first two are filled in per answer, by the caller's own code (digits, an id it made).
    if (n >= 4) http.validateHeaderValue(name, value);
    const key = name.toLowerCase();
    if (key in Object.prototype) clashes = true;
    else store[key] = [name, value];
  }
  // A name given twice would hold one entry in Node's store: such a head takes the list form.
  const distinct = !clashes && Object.keys(store).length * 2 === list.length;
  const first = store[list[0]!.toLowerCase()];
  const second = store[list[2]!.toLowerCase()];
  const template = list.slice();
  const writeList = (res: ServerResponse, status: number, firstValue: string, secondValue: string) => {
    const headers = template.slice();
    headers[1] = firstValue;
    headers[3] = secondValue;
    res.writeHead(status, headers);
  };
  if (outHeaders && distinct && first && second) {
    const symbol = outHeaders;
    return {
      write(res, status, firstValue, secondValue) {
        first[1] = firstValue;
        second[1] = secondValue;
        const response = res as unknown as Record<symbol, unknown>;
        // A response with headers of its own already set sends them too, as writeHead would.
        if (response[symbol]) return writeList(res, status, firstValue, secondValue);
        // writeHead sends exactly the prepared store; then the response holds no store of its
        // own, as after any writeHead with headers.
        response[symbol] = store;
        try {
          res.writeHead(status);
        } finally {
          response[symbol] = null;
        }
      },
    };
  }
  return { write: writeList };
}
