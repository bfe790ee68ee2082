/** Replies that neither search the catalogue nor change the cart: greetings, thanks, help, policy, cancel. */
import { subtotalCents } from './cart';
import type { PolicyTopic } from './intents';
import { searchWords } from './search-replies';
import { suggestStart, type Turn } from './turn';

export function greet(turn: Turn, swahili: boolean): void {
  const { draft } = turn;
  const TALK = turn.copy.talk;
  draft.text.push(TALK.greeting(swahili));
  // A greeting in the middle of a checkout says where it left off.
  if (draft.step === 'terms') draft.text.push(TALK.resumeTerms);
  else if (draft.step === 'county') draft.text.push(TALK.resumeCounty);
  else if (draft.step === 'subcounty') draft.text.push(TALK.resumeSubCounty);
  else if (draft.step === 'address') draft.text.push(TALK.resumeAddress);
  else if (turn.lines.length > 0)
    draft.text.push(
      TALK.cartWaiting(
        turn.lines.reduce((sum, line) => sum + line.quantity, 0),
        subtotalCents(turn.lines),
      ),
    );
  suggestStart(turn);
}

export function thank(turn: Turn, swahili: boolean): void {
  turn.draft.text.push(turn.copy.talk.thanks(swahili));
  suggestStart(turn);
}

export function sayGoodbye(turn: Turn, swahili: boolean): void {
  turn.draft.text.push(turn.copy.talk.goodbye(swahili));
}

export function help(turn: Turn): void {
  turn.draft.text.push(...turn.copy.talk.help);
  suggestStart(turn);
}

export function answerPolicy(turn: Turn, topic: PolicyTopic): void {
  turn.draft.text.push(turn.copy.policy[topic]);
  suggestStart(turn);
}

/** A bare 'ok', 'sawa' or 'yes' where nothing was asked: nothing to do, and what may come next. */
export function acknowledge(turn: Turn): void {
  turn.draft.text.push(turn.copy.talk.acknowledged);
  suggestStart(turn);
}

/** 'Cancel' stops a checkout in progress; elsewhere there is nothing to stop. */
export function cancel(turn: Turn): void {
  const { draft } = turn;
  if (['terms', 'county', 'subcounty', 'address'].includes(draft.step)) {
    draft.step = 'browsing';
    draft.text.push(turn.copy.talk.checkoutStopped);
  } else {
    draft.text.push(turn.copy.talk.nothingToCancel);
  }
  suggestStart(turn);
}

/** The last word on a message nothing understood: what was not found, or what the assistant can do. */
export function notUnderstood(turn: Turn, text: string): void {
  const asked = searchWords(text);
  turn.draft.text.push(asked.length > 0 && asked.length <= 3 ? turn.copy.talk.notSold(asked.join(' ')) : turn.copy.talk.notUnderstood);
  suggestStart(turn);
}
