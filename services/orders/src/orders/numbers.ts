import type { Knex } from 'knex';
import { nairobiParts } from './nairobi-time';

/** 'SH-260001': the two-digit year (Nairobi time) and that year's sequence, at least four digits. */
export function formatOrderNumber(year: number, sequence: number): string {
  return `SH-${String(year % 100).padStart(2, '0')}${String(sequence).padStart(4, '0')}`;
}

interface Block {
  next: number;
  end: number;
}

/**
 * Hands out order numbers that are short, readable and never used twice. Numbers are reserved from
 * order_number_sequences in blocks (one small committed transaction per block), then given out from
 * memory: a rolled-back order never frees its number, and several service instances each take
 * their own blocks. A restart leaves a gap, never a repeat.
 */
export class OrderNumbers {
  private readonly blocks = new Map<number, Block>();
  private readonly refills = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Knex,
    private readonly blockSize = 100,
  ) {}

  async next(now = new Date()): Promise<string> {
    const { year } = nairobiParts(now);
    for (;;) {
      const block = this.blocks.get(year);
      if (block && block.next < block.end) return formatOrderNumber(year, block.next++);
      let refill = this.refills.get(year);
      if (!refill) {
        refill = this.reserve(year, this.blockSize)
          .then((start) => {
            this.blocks.set(year, { next: start, end: start + this.blockSize });
          })
          .finally(() => this.refills.delete(year));
        this.refills.set(year, refill);
      }
      await refill;
    }
  }

  /** Reserves `count` numbers of a year; answers the first. */
  async reserve(year: number, count: number): Promise<number> {
    return this.db.transaction(async (trx) => {
      await trx('order_number_sequences').insert({ year, next_value: 1 }).onConflict('year').ignore();
      // The update locks the row until commit, so two reservations never overlap.
      await trx('order_number_sequences').where({ year }).increment('next_value', count);
      // An unsigned INT: a number from either driver.
      const row: { next_value: number } | undefined = await trx('order_number_sequences').where({ year }).first('next_value');
      return row!.next_value - count;
    });
  }
}
