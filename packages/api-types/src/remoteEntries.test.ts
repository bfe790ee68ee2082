import { remoteScriptEntry } from './remoteEntries';

describe("a remote's script entry", () => {
  it('is the entry script beside a configured manifest, on this origin or another', () => {
    expect(remoteScriptEntry('/remotes/mf-catalog/mf-manifest.json')).toBe('/remotes/mf-catalog/remoteEntry.js');
    expect(remoteScriptEntry('https://catalog.cdn.example/2026-11-21/mf-manifest.json')).toBe(
      'https://catalog.cdn.example/2026-11-21/remoteEntry.js',
    );
    expect(remoteScriptEntry('http://127.0.0.1:3001/mf-manifest.json?release=3#x')).toBe(
      'http://127.0.0.1:3001/remoteEntry.js?release=3#x',
    );
    expect(remoteScriptEntry('mf-manifest.json')).toBe('remoteEntry.js');
  });

  it('is the configured entry itself when that is a script already', () => {
    expect(remoteScriptEntry('https://cdn.example/catalog/remoteEntry.js')).toBe('https://cdn.example/catalog/remoteEntry.js');
    // Only the file name counts: a folder named like the manifest is left alone.
    expect(remoteScriptEntry('https://cdn.example/mf-manifest.json/remoteEntry.js')).toBe(
      'https://cdn.example/mf-manifest.json/remoteEntry.js',
    );
  });
});
