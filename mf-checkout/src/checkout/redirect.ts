/**
 * Leaving the shop for the hosted payment page. One object the page calls at run time, so tests
 * can stand in for window.location.assign (jsdom makes location's methods unforgeable).
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
