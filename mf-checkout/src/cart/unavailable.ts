/** Shown wherever the cart could be paid for while it holds a product the shop no longer sells. */
export const REMOVE_UNAVAILABLE_MESSAGE = 'Remove the items that are no longer available to continue.';
