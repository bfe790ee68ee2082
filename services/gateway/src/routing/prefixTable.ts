/**
 * The first of `entries` whose prefix a path is under (the path itself, or a path below it), longer
 * prefixes first. A prefix may be written with or without its trailing slash; both spellings are
 * worked out once here, where the proxy and the cache used to build them again for every prefix
 * of every request (a template string and a regular expression each time).
 */
export function prefixTable<T>(entries: Array<{ prefix: string; value: T }>): (path: string) => T | undefined {
  const table = entries
    .map(({ prefix, value }) => ({
      exact: prefix,
      withoutSlash: prefix.replace(/\/$/, ''),
      below: prefix.endsWith('/') ? prefix : `${prefix}/`,
      value,
    }))
    .sort((a, b) => b.exact.length - a.exact.length);
  return (path) => {
    for (const row of table) if (path === row.exact || path.startsWith(row.below) || path === row.withoutSlash) return row.value;
    return undefined;
  };
}
