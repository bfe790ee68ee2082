import type { PreparedPage } from '../pages/pageTable';

/**
 * What marketing links add and no page reads: left out of a drawn page's URL when the page table
 * does not say which parameters the page reads (a shell built before it said so).
 */
const TRACKING_PARAMETER =
  /^(utm_.*|fbclid|gclid|gclsrc|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|twclid|ttclid|li_fat_id|_ga|_gl|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|rb_clickid|s_cid|ref_src)$/i;

/**
 * The query a page is drawn and kept with: only the parameters the page reads (the page table's
 * `query`: `q` on /search, `sort` on the shop pages), each once (the page reads the first), in one
 * order. So `?utm_content=1` … `?utm_content=80` are one page and one drawing, not eighty that
 * fill the drawing queue and the kept pages; `?sort=price&utm_source=x` is `?sort=price`. The
 * browser still has its own address and reads what it likes from it once the shop's scripts run.
 */
export function drawnSearch(page: Pick<PreparedPage, 'query'>, search: string): string {
  if (search === '' || search === '?') return '';
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const reads = page.query;
  const names = reads ? [...new Set(reads)].sort() : [...new Set(given.keys())].filter((name) => !TRACKING_PARAMETER.test(name)).sort();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.append(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
