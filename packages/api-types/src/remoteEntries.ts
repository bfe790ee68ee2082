/**
 * How a remote area is found. Operators name each remote by its federation manifest (REMOTE_*_URL,
 * the gateway's runtime remotes file): the gateway reads it for the page's hints, its first-screen
 * stylesheets and the live versions. The browser loads the script the same build writes beside it:
 * registering the manifest would make every shopper download the runtime's manifest reader (3.5 KB
 * of the shell's compressed start-up) and the manifest itself before the remote's entry.
 */

/** The manifest file of a remote's build (packages/mf-config writes it). */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';

/** The federation entry script every remote's build writes beside its manifest (packages/mf-config's REMOTE_ENTRY_FILE). */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

const MANIFEST_AT_END = new RegExp(`(^|/)${REMOTE_MANIFEST_FILE.replace('.', '\\.')}(?=$|[?#])`);

/** The script a page loads for a remote configured by `entry`: its manifest's sibling entry, or the entry itself when it is a script already. */
export function remoteScriptEntry(entry: string): string {
  return entry.replace(MANIFEST_AT_END, `$1${REMOTE_ENTRY_FILE}`);
}
