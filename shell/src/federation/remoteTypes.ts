/**
 * What the remotes expose, as they publish it (each remote's dist/@mf-types, copied to
 * shell/@mf-types by `npm run mf-types`; packages/mf-config/src/remoteTypes.js). A remote area
 * names its remote and module, and its props are the exposed component's: a module a remote does
 * not expose, or a prop its component does not take, fails the typecheck, not a shopper's page.
 * Types only, so the gateway reads the page table (pages.ts) without the browser's code.
 */
import type { ComponentType } from 'react';
import type { RemoteModules } from '../../@mf-types';

export type RemoteName = keyof RemoteModules;

/** Each remote's exposed modules by their names without the './' of its exposes ('HomePage'). */
type ModulesOf = {
  [R in RemoteName]: { [Key in keyof RemoteModules[R] as Key extends `./${infer Module}` ? Module : never]: RemoteModules[R][Key] };
};

/** The modules a remote exposes ('HomePage'); a plain key type, so a call infers the literal module named. */
export type ModuleName<R extends RemoteName> = keyof ModulesOf[R] & string;

type Exposed<R extends RemoteName, M extends ModuleName<R>> = ModulesOf[R][M];

/** The props of an exposed module's default export (none: an empty record, so any prop is refused). */
export type RemoteProps<R extends RemoteName, M extends ModuleName<R>> =
  Exposed<R, M> extends { default: (...args: infer Args) => unknown }
    ? Args extends []
      ? Record<string, never>
      : Args[0]
    : Exposed<R, M> extends { default: ComponentType<infer Props> }
      ? Props
      : never;

/** A remote page: a module drawn with no props (the router gives it its params). */
export type PageModule<R extends RemoteName> = {
  [M in ModuleName<R>]: Record<string, never> extends RemoteProps<R, M> ? M : never;
}[ModuleName<R>];

/** Who draws a remote page of the page table. */
export type RemotePageOwner = { [R in RemoteName]: { remote: R; module: PageModule<R> } }[RemoteName];
