/**
 * Compile-time agreement between an answer schema and the type the code uses: `Agree<Same<A, B>>`
 * fails the typecheck when a field is added to only one of them.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Agree<T extends true> = T;
