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
 * their own blocks. A restart leaves a gap, never a repeat. The next block is reserved while a
 * quarter of the current one is left, so no checkout waits for a reservation (at 8 orders at a
 * time, every hundredth order held the seven others behind its transaction).
 */
export class OrderNumbers {
  private readonly blocks = new Map<number, Block>();
  private readonly refills = new Map<number, Promise<void>>();
  /** The block reserved to follow the current one, by year. */
  private readonly spares = new Map<number, Promise<Block>>();

  constructor(
    private readonly db: Knex,
    private readonly blockSize = 100,
  ) {}

  async next(now = new Date()): Promise<string> {
    const { year } = nairobiParts(now);
    for (;;) {
      const block = this.blocks.get(year);
      if (block && block.next < block.end) {
        if (block.end - block.next <= this.blockSize / 4) this.spareBlock(year);
        return formatOrderNumber(year, block.next++);
      }
      let refill = this.refills.get(year);
      if (!refill) {
        const spare = this.spareBlock(year);
        refill = spare
          .then((taken) => {
            // Taken in the same step as it becomes current, so it is never handed out twice.
            if (this.spares.get(year) === spare) this.spares.delete(year);
            this.blocks.set(year, taken);
          })
          .finally(() => this.refills.delete(year));
        this.refills.set(year, refill);
      }
      await refill;
    }
  }

  /** The block after the current one, reserved once; a failed reservation is tried again by the next caller. */
  private spareBlock(year: number): Promise<Block> {
    let spare = this.spares.get(year);
    if (!spare) {
      const reserving = this.reserve(year, this.blockSize).then((start) => ({ next: start, end: start + this.blockSize }));
      reserving.catch(() => {
        if (this.spares.get(year) === reserving) this.spares.delete(year);
      });
      this.spares.set(year, reserving);
      spare = reserving;
    }
    return spare;
  }

  /**
   * Reserves `count` numbers of a year; answers the first. The UPDATE comes first: it locks the
   * year's row until commit, so two reservations never overlap (an INSERT IGNORE first took a
   * shared lock that two instances then both tried to raise, and MySQL refused one as a deadlock).
   * Only the first reservation of a year inserts the row; if two instances race for it and MySQL
   * picks one as a deadlock victim, that one is tried again.
   */
  async reserve(year: number, count: number): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (trx) => {
          const bump = () => trx('order_number_sequences').where({ year }).increment('next_value', count);
          if ((await bump()) === 0) {
            await trx('order_number_sequences').insert({ year, next_value: 1 }).onConflict('year').ignore();
            await bump();
          }
          const row: { next_value: number } | undefined = await trx('order_number_sequences').where({ year }).first('next_value');
          return row!.next_value - count;
        });
      } catch (error) {
        if ((error as { code?: string }).code !== 'ER_LOCK_DEADLOCK' || attempt >= 3) throw error;
      }
    }
  }
}
