import { orderStatus, STATUS } from './statuses';

type StatusId = (typeof STATUS)[keyof typeof STATUS];

/**
 * The order lifecycle: the one place that says which status may follow which. Staff move an order
 * along these edges only; Pending → Paid is not among them, because only a confirmed payment
 * (PaymentsService.apply) marks an order paid. Delivered and Cancelled are final. Cancelling a paid
 * order makes its money owed back (the refund-due flag staff clear with "Mark refund as made").
 */
export const STAFF_MOVES: Readonly<Record<StatusId, readonly StatusId[]>> = {
  [STATUS.pending]: [STATUS.cancelled],
  [STATUS.paid]: [STATUS.processing, STATUS.cancelled],
  [STATUS.processing]: [STATUS.dispatched],
  [STATUS.dispatched]: [STATUS.delivered],
  [STATUS.delivered]: [],
  [STATUS.cancelled]: [],
};

export const LIFECYCLE_MESSAGES = {
  onlyPaymentMarksPaid: 'Only a confirmed payment can mark an order paid.',
  invalidStatus: 'The selected status is invalid.',
  sameStatus: 'The order already has this status.',
} as const;

/** The statuses staff may move an order in this status to now. */
export function allowedStatusIds(fromStatusId: number): number[] {
  return [...(STAFF_MOVES[fromStatusId as StatusId] ?? [])];
}

/** 'An order that is Paid cannot be marked Delivered.' */
export function refusedMoveMessage(fromStatusId: number, toStatusId: number): string {
  return `An order that is ${orderStatus(fromStatusId).name} cannot be marked ${orderStatus(toStatusId).name}.`;
}

/**
 * Why staff may not move an order from one status to another, or null when they may. An unknown
 * status, the current one and Pending → Paid keep their own words; every other refused edge reads
 * 'An order that is {From} cannot be marked {To}.'
 */
export function staffMoveRefusal(fromStatusId: number, toStatusId: number): string | null {
  let known = true;
  try {
    orderStatus(toStatusId);
  } catch {
    known = false;
  }
  if (!known) return LIFECYCLE_MESSAGES.invalidStatus;
  if (fromStatusId === toStatusId) return LIFECYCLE_MESSAGES.sameStatus;
  if (allowedStatusIds(fromStatusId).includes(toStatusId)) return null;
  if (fromStatusId === STATUS.pending && toStatusId === STATUS.paid) return LIFECYCLE_MESSAGES.onlyPaymentMarksPaid;
  return refusedMoveMessage(fromStatusId, toStatusId);
}
