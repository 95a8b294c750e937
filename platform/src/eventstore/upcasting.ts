import { currentVersionOf, upcasters } from '@cc/contracts';

export type Upcast = (type: string, storedVersion: number, data: unknown) => { version: number; data: unknown };

/**
 * Builds an upcaster from a table of one-step upgrades: `steps[type][v]` turns version v into v + 1.
 * Stored events are never rewritten; old shapes are upgraded each time they are read.
 */
export function upcasterFrom(
  steps: Partial<Record<string, Record<number, (data: unknown) => unknown>>>,
  latestVersionOf: (type: string) => number,
): Upcast {
  return (type, storedVersion, data) => {
    const latest = latestVersionOf(type);
    let version = storedVersion;
    let current = data;
    while (version < latest) {
      const step = steps[type]?.[version];
      if (!step) throw new Error(`No upcaster for ${type} from version ${version} to ${version + 1}`);
      current = step(current);
      version += 1;
    }
    return { version, data: current };
  };
}

export const contractsUpcast: Upcast = upcasterFrom(upcasters, currentVersionOf);
export const contractsSchemaVersion = currentVersionOf;
