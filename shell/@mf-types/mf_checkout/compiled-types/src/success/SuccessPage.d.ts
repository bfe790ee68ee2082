/**
 * /success?order_id=...&name=...: the order's payment as the server has it, never as the address
 * says. Paid: thanks, and the cart, the kept order and the payment's saved keys are cleared. Still
 * waiting: checked again every few seconds for a while, then offered to pay (the same order).
 * Cancelled, or an order this browser may not see: said so, and nothing is cleared.
 */
export default function SuccessPage(): JSX.Element;
