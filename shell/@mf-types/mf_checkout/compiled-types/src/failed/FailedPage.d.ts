/**
 * /failed: the payment did not go through; the order stays unpaid for another try. Try Again pays
 * that same order. An order the shopping assistant placed is paid again right here, with the key
 * this browser keeps for it in local storage: in any tab, also one where the conversation is gone,
 * where /checkout would place a second order from the storefront's cart. Any other order (and a
 * /failed that names none) is the checkout's, which pays its kept order again when nothing changed.
 */
export default function FailedPage(): JSX.Element;
