import type { z } from 'zod';

/** One event type's current schema version and its zod schema. */
export interface EventDefinition {
  version: number;
  schema: z.ZodType;
}

/** The events of one stream, `{ type, data }`, from that stream's schemas. */
export type EventOf<S extends Record<string, EventDefinition>> = {
  [T in keyof S & string]: { type: T; data: z.infer<S[T]['schema']> };
}[keyof S & string];

/** A stream's event type names, in the order its schemas list them. */
export function eventTypesOf<S extends Record<string, EventDefinition>>(schemas: S): readonly (keyof S & string)[] {
  return Object.freeze(Object.keys(schemas)) as readonly (keyof S & string)[];
}

/**
 * Some of a stream's event types, for a reader that handles only those: the compiler checks that
 * each one is in the stream's list, so a renamed or moved event cannot be left behind silently.
 */
export function pickEventTypes<T extends string, const P extends readonly T[]>(_streamTypes: readonly T[], picked: P): P {
  return picked;
}
