/**
 * The targets, the best shops of the kind reach (issue 28), written once: `npm run bench`'s table
 * and each part run alone (`npm run chat -w @shop/bench`…) judge by these. Two kinds, printed as such:
 * - side by side: a share of, or a margin over, a baseline measured in the same run on the same
 *   machine (the API against a raw node server, orders against raw INSERTs); these travel between
 *   machines;
 * - absolute: bytes, Lighthouse scores and LCP (Lighthouse's simulated phone and network), the
 *   assistant's and the reports' latencies; these depend on the machine's CPU.
 */
export const TARGETS = {
  /** Every storefront page, in every language: a phone on a slow link starts drawing from these bytes. */
  firstLoadKb: 130,
  lighthouseScore: 100,
  lcpMs: 1000,
  cls: 0.05,
  tbtMs: 150,
  apiShareOfRaw: 0.8,
  apiP99MarginMs: 2,
  ordersShareOfRaw: 0.57,
  orderP99Ms: 30,
  reportP95Ms: 20,
  chatP95Ms: 5,
  searchP95Ms: 5,
  searchFirstRightPercent: 95,
} as const;
