import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { count, type Logger } from '@shop/service-kit';

/**
 * What two or more gateways share through Redis (REDIS_URL): the rate limits' counts, and word of a
 * staff change, so every gateway empties its cached answers and retires its drawn pages at once.
 *
 * Redis is never a reason to refuse a shopper. Commands are not queued while it is unreachable: a
 * count then fails at once and the limits count in this gateway alone (each gateway still allows no
 * more than the limit: a short outage multiplies the limit by the number of gateways, never opens
 * it); a change that cannot be announced is still emptied here, and elsewhere within the answers'
 * max-age. A gateway that was cut off may have missed announcements: every change also moves a
 * generation per area in Redis, compared on every reconnection and every GENERATION_CHECK_MS.
 */
export interface SharedState {
  /** Counts one hit of a fixed window: the count so far and when the window ends (epoch ms). */
  countHit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /**
   * Tells every other gateway that staff changed `area`; resolves once each gateway listening has
   * emptied its copies (or after COMMAND_TIMEOUT_MS: a gateway that is slow to say so still empties them).
   */
  announceChange(area: string): Promise<void>;
  /** Calls `listener` for each area another gateway changed, or whose change this one missed. */
  onChange(listener: (area: string) => void): void;
  /** Resolves once this gateway hears announcements and has read the generations (tests wait for it; shoppers never do). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A staff change (or, with `acknowledges`, a gateway saying it has emptied its copies of one). */
interface Announcement {
  from: string;
  area: string;
  generation: number;
  /** The announcing gateway whose change this gateway has acted on. */
  acknowledges?: string;
}

const PREFIX = 'shop:gateway:';
const CHANGES_CHANNEL = `${PREFIX}changes`;
const generationKey = (area: string) => `${PREFIX}generation:${area}`;
/** A missed announcement (the subscription was down) is found within this long at the latest. */
const GENERATION_CHECK_MS = 30_000;
/** How long a count or an announcement may take before the gateway goes on without it. */
const COMMAND_TIMEOUT_MS = 300;

/** One atomic step per hit: the count, and the window's end set by the hit that opened it. */
const COUNT_HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis took longer than ${COMMAND_TIMEOUT_MS} ms to ${what}`)), COMMAND_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function connectSharedState(url: string, areas: readonly string[], logger: Logger): SharedState {
  const self = randomUUID();
  const options = {
    url,
    // A command while Redis is unreachable fails at once (the caller goes on without it) instead of
    // waiting in a queue for a reconnection.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
  };
  const commands = createClient(options);
  const subscriber = createClient(options);
  const listeners: Array<(area: string) => void> = [];
  /** This gateway's announcements waiting for the others to say they emptied their copies: `area generation` → heard from. */
  const acknowledged = new Map<string, (from: string) => void>();
  /** The last generation of each area this gateway has acted on. */
  const known = new Map<string, number>();
  let reachable = true;
  const unreachable = (error: Error) => {
    if (!reachable) return;
    reachable = false;
    logger.warn({ err: error }, 'Redis unreachable: rate limits count in this gateway alone until it is back');
  };
  commands.on('error', unreachable);
  subscriber.on('error', unreachable);
  commands.on('ready', () => {
    if (!reachable) logger.info('Redis reachable again: rate limits and changes shared');
    reachable = true;
  });

  const changed = (area: string) => {
    for (const listener of listeners) listener(area);
  };
  const settle = (area: string, generation: number) => {
    const before = known.get(area);
    known.set(area, generation);
    // The first reading only learns where the counts are: this gateway has nothing kept from before it.
    if (before !== undefined && before !== generation) changed(area);
  };
  /** Compares every area's generation with the one last acted on. */
  let firstCheck = true;
  const checkGenerations = async () => {
    try {
      const generations = await withinTimeout(commands.mGet(areas.map(generationKey)), 'read the generations');
      areas.forEach((area, index) => {
        const generation = count(generations[index]);
        // Before the first reading, a change may have gone unheard (the subscription was starting): anything kept goes.
        if (firstCheck) {
          known.set(area, generation);
          changed(area);
        } else settle(area, generation);
      });
      firstCheck = false;
    } catch {
      // Unreachable: checked again on reconnection and on the next tick.
    }
  };
  subscriber.on('ready', () => void checkGenerations());
  const ticker = setInterval(() => void checkGenerations(), GENERATION_CHECK_MS);
  ticker.unref();

  const connecting = Promise.all([
    commands.connect(),
    subscriber.connect().then(() =>
      subscriber.subscribe(CHANGES_CHANNEL, (message) => {
        let heard: Announcement;
        try {
          heard = JSON.parse(message) as Announcement;
        } catch {
          return logger.warn({ message }, 'unreadable change announcement');
        }
        const { from, area, generation } = heard;
        if (heard.acknowledges) {
          if (heard.acknowledges === self) acknowledged.get(`${area} ${generation}`)?.(from);
          return;
        }
        if (from === self) return void known.set(area, Math.max(known.get(area) ?? 0, generation));
        settle(area, generation);
        // Emptied: the announcing gateway may now end the staff's answer.
        const ack: Announcement = { from: self, area, generation, acknowledges: from };
        commands.publish(CHANGES_CHANNEL, JSON.stringify(ack)).catch(() => undefined);
      }),
    ),
  ])
    .then(checkGenerations)
    .catch((error: unknown) => unreachable(error as Error));

  return {
    async countHit(key, windowMs) {
      const [count, ttl] = (await withinTimeout(
        commands.eval(COUNT_HIT, { keys: [`${PREFIX}rate:${key}`], arguments: [String(windowMs)] }),
        'count a hit',
      )) as [number, number];
      return { count, resetAt: Date.now() + ttl };
    },
    async announceChange(area) {
      try {
        const generation = await withinTimeout(commands.incr(generationKey(area)), 'move a generation');
        known.set(area, generation);
        const key = `${area} ${generation}`;
        const heardBy = new Set<string>();
        let allHeard: () => void = () => undefined;
        const everyone = new Promise<void>((resolve) => (allHeard = resolve));
        let listening = Infinity;
        acknowledged.set(key, (from) => {
          heardBy.add(from);
          if (heardBy.size >= listening) allHeard();
        });
        try {
          const announcement: Announcement = { from: self, area, generation };
          // Every gateway subscribed heard it, this one included; each other one says when it has emptied.
          listening = (await withinTimeout(commands.publish(CHANGES_CHANNEL, JSON.stringify(announcement)), 'announce a change')) - 1;
          if (heardBy.size >= listening) allHeard();
          // One slow to say so still empties its copies; the staff's answer does not wait on it longer.
          await withinTimeout(everyone, 'hear every gateway empty its copies').catch(() => undefined);
        } finally {
          acknowledged.delete(key);
        }
      } catch (error) {
        logger.warn({ err: error, area }, 'a staff change could not be announced to the other gateways: their copies expire with max-age');
      }
    },
    ready: () => connecting.then(() => undefined),
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      clearInterval(ticker);
      // A client still trying to reach Redis is dropped; a connected one finishes what it was sending.
      await Promise.allSettled([commands, subscriber].map(async (client) => (client.isReady ? client.close() : client.destroy())));
      void connecting;
    },
  };
}
